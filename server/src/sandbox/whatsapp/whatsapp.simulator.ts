import { Body, Controller, Headers, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createHmac, randomBytes } from 'node:crypto';
import { Public } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import {
  placeholderCount,
  renderTemplate,
  templateByName,
} from '../../providers/whatsapp/whatsapp-templates.js';
import { REDIS } from '../../redis/redis.module.js';
import { OutboxRepository } from '../outbox/outbox.repository.js';
import { textFields } from '../sandbox-input.js';

interface TemplateRequest {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: {
    name?: unknown;
    language?: { code?: unknown };
    components?: Array<{ type?: unknown; parameters?: Array<{ type?: unknown; text?: unknown }> }>;
  };
}

/** Test numbers, like a card network's test cards: a mobile ending in 13 never receives. */
const UNDELIVERABLE = /13$/;
/** How long after accepting a message its `sent` and `delivered` webhooks follow. */
const STATUS_DELAY_MS = 150;

const waId = (mobileOrWaId: string) =>
  /^[6-9]\d{9}$/.test(mobileOrWaId) ? `91${mobileOrWaId}` : mobileOrWaId;

/**
 * Speaks the WhatsApp Business Cloud API's `POST /{version}/{phone-number-id}/messages` for
 * template messages (docs/whatsapp.md), files each message in the outbox as WhatsApp would
 * render it, and sends the store the signed status webhooks Meta sends; `reply` sends a
 * customer's reply (STOP) the same way.
 */
@ApiExcludeController()
@Controller('sandbox/whatsapp')
export class WhatsAppSimulator {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}

  private failKey() {
    return `${this.config.redisPrefix}:sandbox:whatsapp:fail-next`;
  }

  @Post(':version/:phoneNumberId/messages')
  @Public()
  async send(
    @Param('version') version: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: TemplateRequest,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const refuse = (http: number, code: number, message: string, type = 'OAuthException') =>
      reply.status(http).send({
        error: { message, type, code, fbtrace_id: randomBytes(8).toString('base64url') },
      });
    const { accessToken } = this.config.whatsapp;
    if (authorization !== `Bearer ${accessToken}`) {
      return refuse(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (!/^v\d+\.0$/.test(version) || phoneNumberId !== this.config.whatsapp.phoneNumberId) {
      return refuse(
        400,
        100,
        `Unsupported post request. Object with ID '${phoneNumberId}' does not exist`,
        'GraphMethodException',
      );
    }
    if ((await this.redis.decr(this.failKey())) >= 0) {
      return refuse(500, 131000, 'Something went wrong', 'OAuthException');
    }
    await this.redis.del(this.failKey());
    if (body?.messaging_product !== 'whatsapp') {
      return refuse(400, 100, '(#100) The parameter messaging_product is required.');
    }
    const to = typeof body.to === 'string' ? body.to : '';
    if (!/^\d{8,15}$/.test(to)) return refuse(400, 100, '(#100) Invalid parameter: to');
    if (body.type !== 'template') {
      return refuse(
        400,
        131047,
        'Re-engagement message: more than 24 hours have passed since the customer last replied',
      );
    }
    const template = templateByName(String(body.template?.name ?? ''));
    const language = String(body.template?.language?.code ?? '');
    const text: string | undefined = template?.bodies[language];
    if (!template || !text) {
      return refuse(404, 132001, '(#132001) Template name does not exist in the translation');
    }
    const bodyComponent = body.template?.components?.find((c) => c?.type === 'body');
    const parameters = Array.isArray(bodyComponent?.parameters) ? bodyComponent.parameters : [];
    if (parameters.length !== placeholderCount(text)) {
      return refuse(
        400,
        132000,
        '(#132000) Number of parameters does not match the expected number of params',
      );
    }
    const values: string[] = [];
    for (const parameter of parameters) {
      const value = parameter?.text;
      if (parameter?.type !== 'text' || typeof value !== 'string' || !value.trim()) {
        return refuse(400, 131008, '(#131008) Required parameter is missing');
      }
      if (/[\n\t]| {5,}/.test(value)) {
        return refuse(
          400,
          132012,
          '(#132012) Parameter format does not match format in the created template',
        );
      }
      values.push(value);
    }
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    await this.outbox.add('whatsapp', to, template.name, renderTemplate(text, values), language);
    this.statusesLater(request, wamid, to);
    return reply.status(200).send({
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: wamid, message_status: 'accepted' }],
    });
  }

  /** A customer's reply, delivered to the store as Meta's signed `messages` webhook. */
  @Post('reply')
  @Public()
  @HttpCode(200)
  async reply(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const fields = textFields(body);
    const from = waId((fields.from ?? '').trim());
    const text = (fields.text ?? '').trim();
    if (!/^\d{8,15}$/.test(from) || !text) {
      return reply.status(400).send({ message: 'Give `from` (a mobile number) and `text`.' });
    }
    const status = await this.deliver(request, {
      contacts: [{ profile: { name: 'Sandbox customer' }, wa_id: from }],
      messages: [
        {
          from,
          id: `wamid.${randomBytes(24).toString('base64url')}`,
          timestamp: this.unixNow(),
          type: 'text',
          text: { body: text },
        },
      ],
    });
    if (fields.back) {
      return reply.redirect(`/sandbox/outbox?to=${encodeURIComponent(fields.back)}`, 303);
    }
    return reply.status(200).send({ delivered: status === 200, storeStatus: status });
  }

  /** Test control: `{ failNext: n }` answers the next n sends with WhatsApp's 131000 error. */
  @Post('faults')
  @Public()
  @HttpCode(200)
  async faults(@Body() body: unknown) {
    const failNext = Math.max(0, Math.min(Number(textFields(body).failNext) || 0, 100));
    await this.redis.set(this.failKey(), String(failNext));
    return { failNext };
  }

  private unixNow() {
    return String(Math.floor(this.clock.now().getTime() / 1000));
  }

  private statusesLater(request: FastifyRequest, wamid: string, to: string) {
    const statuses = UNDELIVERABLE.test(to) ? ['failed'] : ['sent', 'delivered'];
    const report = async () => {
      for (const status of statuses) {
        await this.deliver(request, {
          statuses: [
            {
              id: wamid,
              status,
              timestamp: this.unixNow(),
              recipient_id: to,
              ...(status === 'failed'
                ? { errors: [{ code: 131026, title: 'Message undeliverable' }] }
                : {
                    conversation: {
                      id: randomBytes(16).toString('hex'),
                      origin: { type: 'utility' },
                    },
                    pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
                  }),
            },
          ],
        });
      }
    };
    setTimeout(() => void report().catch(() => undefined), STATUS_DELAY_MS).unref();
  }

  /** Posts one change to the store's webhook, signed with the app secret as Meta signs it. */
  private async deliver(request: FastifyRequest, value: Record<string, unknown>) {
    const payload = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '100000000000002',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '15550000000',
                  phone_number_id: this.config.whatsapp.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    });
    const signature = createHmac('sha256', this.config.whatsapp.appSecret)
      .update(payload)
      .digest('hex');
    const url = `http://127.0.0.1:${request.socket.localPort}/api/whatsapp/webhook`;
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
      body: payload,
      signal: AbortSignal.timeout(this.config.providerTimeoutMs),
    }).catch(() => undefined);
    return answer?.status ?? 0;
  }
}
