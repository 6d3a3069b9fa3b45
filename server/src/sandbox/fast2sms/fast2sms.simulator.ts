import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Public } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { OutboxRepository } from '../outbox/outbox.repository.js';

/** Fast2SMS returns 995 when the same text goes to one number again this soon. */
const SPAM_WINDOW_MS = 10_000;

interface BulkRequest {
  route?: string;
  variables_values?: string;
  numbers?: string;
  authorization?: string;
}

/** Speaks Fast2SMS's `/dev/bulkV2` (PROVIDERS.md 4.1 and 6.4) and files each SMS in the outbox. */
@ApiExcludeController()
@Controller('sandbox/fast2sms/dev/bulkV2')
export class Fast2SmsSimulator {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}

  @Post()
  @Public()
  @HttpCode(200)
  post(
    @Headers('authorization') key: string | undefined,
    @Body() body: BulkRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.handle(key, body, reply);
  }

  @Get()
  @Public()
  get(@Query() query: BulkRequest, @Res() reply: FastifyReply) {
    return this.handle(query.authorization, query, reply);
  }

  private async handle(key: string | undefined, body: BulkRequest, reply: FastifyReply) {
    const refuse = (http: number, code: number, message: string) =>
      reply.status(http).send({ return: false, status_code: code, message });
    if (!key || key !== this.config.sms.apiKey) {
      return refuse(401, 412, 'Invalid Authentication, Check Authorization Key');
    }
    if (!body.numbers) return refuse(400, 405, 'Numbers Missing');
    const numbers = String(body.numbers)
      .split(',')
      .map((n) => n.trim());
    if (numbers.some((n) => !/^[6-9]\d{9}$/.test(n))) return refuse(400, 411, 'Invalid Numbers');
    if (body.route !== 'otp') return refuse(400, 400, 'Only the otp route is simulated');
    if (!/^\d+$/.test(String(body.variables_values ?? ''))) {
      return refuse(400, 997, 'Only numeric variables in OTP route');
    }
    const text = `Your OTP: ${body.variables_values}`;
    for (const number of numbers) {
      const last = await this.outbox.lastSmsAt(number, text);
      if (last && this.clock.now().getTime() - last.getTime() < SPAM_WINDOW_MS) {
        return refuse(400, 995, 'Spamming detected');
      }
    }
    for (const number of numbers) await this.outbox.add('sms', number, null, text);
    return reply
      .status(200)
      .send({ return: true, request_id: randomUUID(), message: ['SMS sent successfully.'] });
  }
}
