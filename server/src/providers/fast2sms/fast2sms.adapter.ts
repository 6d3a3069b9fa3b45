import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ProviderError, requestJson } from '../http.js';
import { ProviderUrls } from '../provider-urls.js';

interface Fast2SmsAnswer {
  return: boolean;
  request_id?: string;
  status_code?: number;
  message?: string | string[];
}

/** Fast2SMS `route=otp`: the store makes and checks the code, Fast2SMS only delivers it. */
@Injectable()
export class Fast2SmsAdapter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: ProviderUrls,
  ) {}

  async sendOtp(mobile: string, code: string): Promise<string> {
    const base = this.config.sms.baseUrl ?? this.urls.sandbox('fast2sms');
    const { status, body } = await requestJson<Fast2SmsAnswer>('fast2sms', `${base}/dev/bulkV2`, {
      method: 'POST',
      headers: { authorization: this.config.sms.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ route: 'otp', variables_values: code, numbers: mobile }),
      timeoutMs: this.config.providerTimeoutMs,
    });
    if (status !== 200 || body.return !== true) {
      const text = Array.isArray(body.message) ? body.message.join(' ') : body.message;
      throw new ProviderError(
        'fast2sms',
        `${body.status_code ?? status} ${text ?? 'refused'}`,
        status,
      );
    }
    return body.request_id ?? '';
  }
}
