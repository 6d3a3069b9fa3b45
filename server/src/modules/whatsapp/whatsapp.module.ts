import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { WhatsAppController } from './whatsapp.controller.js';
import { WhatsAppConsents } from './whatsapp-consents.service.js';
import { WhatsAppNews } from './whatsapp-news.service.js';
import { WhatsAppRawBodyHook } from './whatsapp-raw-body.js';
import { WhatsAppWebhooks } from './whatsapp-webhooks.service.js';

/** Order news and sign-in codes on WhatsApp: consents, the messages, Meta's webhooks. */
@Module({
  imports: [UsersModule],
  controllers: [WhatsAppController],
  providers: [WhatsAppConsents, WhatsAppNews, WhatsAppWebhooks, WhatsAppRawBodyHook],
  exports: [WhatsAppConsents, WhatsAppNews],
})
export class WhatsAppModule {}
