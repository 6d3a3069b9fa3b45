import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import { Public } from '../../common/auth/auth.decorators.js';
import { REDIS } from '../../redis/redis.module.js';
import { textFields } from '../sandbox-input.js';
import { SmtpSimulator } from './smtp.simulator.js';

/** Fault injection for the SMTP simulator: `{ delayMs }` holds each message before accepting it. */
@ApiExcludeController()
@Controller('sandbox/smtp')
export class SmtpFaultsController {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly smtp: SmtpSimulator,
  ) {}

  @Post('faults')
  @Public()
  @HttpCode(200)
  async setFaults(@Body() body: unknown) {
    const delayMs = Math.max(0, Math.min(Number(textFields(body).delayMs) || 0, 120_000));
    await this.redis.set(this.smtp.delayKey(), String(delayMs));
    return { delayMs };
  }
}
