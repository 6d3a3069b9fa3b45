import { Global, Module } from '@nestjs/common';
import { Fast2SmsAdapter } from './fast2sms/fast2sms.adapter.js';
import { GoogleAdapter } from './google/google.adapter.js';
import { ProviderUrls } from './provider-urls.js';
import { SmtpAdapter } from './smtp/smtp.adapter.js';

/** Adapters speak the providers' wire formats and know no store rules. */
@Global()
@Module({
  providers: [ProviderUrls, Fast2SmsAdapter, SmtpAdapter, GoogleAdapter],
  exports: [ProviderUrls, Fast2SmsAdapter, SmtpAdapter, GoogleAdapter],
})
export class ProvidersModule {}
