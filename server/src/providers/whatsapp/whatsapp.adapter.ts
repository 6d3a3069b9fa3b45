import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ProviderError, requestJson } from '../http.js';
import { ProviderUrls } from '../provider-urls.js';
import { WHATSAPP_TEMPLATES, templateLanguage, type TemplateKey } from './whatsapp-templates.js';

/** A template send: the recipient in international form without `+` (`919876543210`). */
export interface TemplateSend {
  to: string;
  template: TemplateKey;
  language: string;
  /** The body's `{{1}}`, `{{2}}` ... in order. */
  values: string[];
}

interface SendAnswer {
  messaging_product?: string;
  contacts?: Array<{ input: string; wa_id: string }>;
  messages?: Array<{ id: string; message_status?: string }>;
  error?: { message?: string; type?: string; code?: number; error_subcode?: number };
}

/** Error codes WhatsApp answers for a message that will never go, however often it is tried. */
const PERMANENT_ERRORS = new Set([
  100, // invalid parameter
  131008, // required parameter missing
  131009, // parameter value not valid
  131026, // message undeliverable (not on WhatsApp)
  131047, // outside the customer service window (only templates may be sent)
  131051, // unsupported message type
  132000, // number of parameters does not match the template
  132001, // template does not exist in this language
  132005, // translated text too long
  132007, // template format character policy violated
  132012, // parameter format does not match the template
]);

/** WhatsApp refused a send for good: retrying will not help. */
export class WhatsAppRefusal extends ProviderError {}

/** A body value as WhatsApp takes it: no new lines or tabs, no runs of more than 4 spaces. */
const cleanValue = (value: string) => value.replace(/\s+/g, ' ').trim() || '-';

/**
 * WhatsApp Business Cloud API (docs/whatsapp.md): template messages through
 * `POST /{version}/{phone-number-id}/messages`, and the `X-Hub-Signature-256` check of the
 * webhooks Meta sends back.
 */
@Injectable()
export class WhatsAppAdapter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: ProviderUrls,
  ) {}

  /** Sends a template message and answers WhatsApp's message id (`wamid....`). */
  async sendTemplate({ to, template, language, values }: TemplateSend): Promise<string> {
    const { apiVersion, phoneNumberId, accessToken } = this.config.whatsapp;
    const base = this.config.whatsapp.baseUrl ?? this.urls.sandbox('whatsapp');
    const definition = WHATSAPP_TEMPLATES[template];
    const parameters = values.map((value) => ({ type: 'text', text: cleanValue(value) }));
    const components: unknown[] = [{ type: 'body', parameters }];
    if (definition.category === 'AUTHENTICATION') {
      // The copy-code button of an authentication template carries the code again.
      components.push({
        type: 'button',
        sub_type: 'url',
        index: '0',
        parameters: [{ type: 'text', text: cleanValue(values[0] ?? '') }],
      });
    }
    const { status, body } = await requestJson<SendAnswer>(
      'whatsapp',
      `${base}/${apiVersion}/${encodeURIComponent(phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'template',
          template: {
            name: definition.name,
            language: { code: templateLanguage(language) },
            components,
          },
        }),
        timeoutMs: this.config.providerTimeoutMs,
      },
    );
    const id = body.messages?.[0]?.id;
    if (status === 200 && id) return id;
    const code = body.error?.code;
    const message = `${code ?? status} ${body.error?.message ?? 'refused'}`;
    if (code !== undefined && PERMANENT_ERRORS.has(code)) {
      throw new WhatsAppRefusal('whatsapp', message, status);
    }
    throw new ProviderError('whatsapp', message, status);
  }

  /**
   * Whether `header` (`sha256=<hex>`) is the HMAC-SHA256 of the exact body bytes under the
   * app secret, compared in constant time.
   */
  signatureIsValid(rawBody: Buffer, header: string | undefined): boolean {
    const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
    if (!match || !this.config.whatsapp.appSecret) return false;
    const expected = createHmac('sha256', this.config.whatsapp.appSecret).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
  }

  /** The webhook subscription handshake: the challenge to echo, or undefined to refuse. */
  verifySubscription(mode: unknown, token: unknown, challenge: unknown): string | undefined {
    const expected = Buffer.from(this.config.whatsapp.verifyToken);
    const given = Buffer.from(typeof token === 'string' ? token : '');
    const tokenMatches =
      expected.length > 0 && given.length === expected.length && timingSafeEqual(expected, given);
    if (mode !== 'subscribe' || !tokenMatches || typeof challenge !== 'string') return undefined;
    return challenge;
  }
}
