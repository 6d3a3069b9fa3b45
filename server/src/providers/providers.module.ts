import { Global, Module } from '@nestjs/common';
import { Fast2SmsAdapter } from './fast2sms/fast2sms.adapter.js';
import { GoogleAdapter } from './google/google.adapter.js';
import { MooGoldAdapter } from './moogold/moogold.adapter.js';
import { ProviderUrls } from './provider-urls.js';
import { SmileOneAdapter } from './smileone/smileone.adapter.js';
import { SmtpAdapter } from './smtp/smtp.adapter.js';
import { UpiGatewayAdapter } from './upigateway/upigateway.adapter.js';
import { WhatsAppAdapter } from './whatsapp/whatsapp.adapter.js';

/** Adapters speak the providers' wire formats and know no store rules. */
@Global()
@Module({
  providers: [
    ProviderUrls,
    Fast2SmsAdapter,
    SmtpAdapter,
    GoogleAdapter,
    UpiGatewayAdapter,
    SmileOneAdapter,
    MooGoldAdapter,
    WhatsAppAdapter,
  ],
  exports: [
    ProviderUrls,
    Fast2SmsAdapter,
    SmtpAdapter,
    GoogleAdapter,
    UpiGatewayAdapter,
    SmileOneAdapter,
    MooGoldAdapter,
    WhatsAppAdapter,
  ],
})
export class ProvidersModule {}
