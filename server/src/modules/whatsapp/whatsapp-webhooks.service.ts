import { Injectable, Logger } from '@nestjs/common';
import { WhatsAppConsents } from './whatsapp-consents.service.js';
import { WhatsAppNews } from './whatsapp-news.service.js';

interface WebhookStatus {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: Array<{ code?: unknown; title?: unknown }>;
}

interface WebhookMessage {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
}

interface WebhookPayload {
  object?: unknown;
  entry?: Array<{
    changes?: Array<{
      field?: unknown;
      value?: { statuses?: WebhookStatus[]; messages?: WebhookMessage[] };
    }>;
  }>;
}

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** What a signed WhatsApp webhook tells: message statuses, and replies (STOP opts out). */
@Injectable()
export class WhatsAppWebhooks {
  private readonly logger = new Logger('WhatsApp');

  constructor(
    private readonly news: WhatsAppNews,
    private readonly consents: WhatsAppConsents,
  ) {}

  async handle(body: unknown) {
    const payload = (body ?? {}) as WebhookPayload;
    if (payload.object !== 'whatsapp_business_account') return;
    for (const entry of list<NonNullable<WebhookPayload['entry']>[number]>(payload.entry)) {
      for (const change of list<NonNullable<typeof entry.changes>[number]>(entry?.changes)) {
        if (change?.field !== 'messages') continue;
        for (const status of list<WebhookStatus>(change.value?.statuses)) {
          await this.status(status);
        }
        for (const message of list<WebhookMessage>(change.value?.messages)) {
          await this.reply(message);
        }
      }
    }
  }

  private async status(status: WebhookStatus) {
    const wamid = text(status?.id);
    const state = text(status?.status);
    if (!wamid || !state) return;
    const error = list<{ code?: unknown; title?: unknown }>(status.errors)[0];
    await this.news.statusReported({
      wamid,
      status: state,
      timestamp: text(status.timestamp),
      error: error ? `${Number(error.code)} ${text(error.title) ?? ''}`.trim() : undefined,
    });
  }

  private async reply(message: WebhookMessage) {
    const from = text(message?.from);
    const words = text(message?.text?.body) ?? text(message?.button?.text);
    if (!from || !words) return;
    if (await this.consents.replied(from, words)) {
      this.logger.log('a customer opted out of WhatsApp messages by a reply');
    }
  }
}
