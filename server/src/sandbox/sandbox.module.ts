import { Module } from '@nestjs/common';
import { CallbackReceiverSimulator } from './callbacks/callback-receiver.controller.js';
import { Fast2SmsSimulator } from './fast2sms/fast2sms.simulator.js';
import { GoogleSimulator } from './google/google.simulator.js';
import { MooGoldSimulator } from './moogold/moogold.simulator.js';
import { OutboxPageController } from './outbox/outbox.controller.js';
import { OutboxRepository } from './outbox/outbox.repository.js';
import { SmileOneSimulator } from './smileone/smileone.simulator.js';
import { SmtpFaultsController } from './smtp/smtp-faults.controller.js';
import { SmtpSimulator } from './smtp/smtp.simulator.js';
import { SupplierSimulatorHooks } from './suppliers/http-hooks.js';
import { SupplierControls } from './suppliers/supplier-controls.service.js';
import { UpiGatewaySimulator } from './upigateway/upigateway.simulator.js';
import { WhatsAppSimulator } from './whatsapp/whatsapp.simulator.js';

/**
 * The provider simulators under `/sandbox` (sandbox mode only). Product code never imports
 * them: the adapters reach them over HTTP and SMTP like the real services.
 */
@Module({
  controllers: [
    CallbackReceiverSimulator,
    Fast2SmsSimulator,
    GoogleSimulator,
    OutboxPageController,
    SmtpFaultsController,
    UpiGatewaySimulator,
    SmileOneSimulator,
    MooGoldSimulator,
    WhatsAppSimulator,
  ],
  providers: [OutboxRepository, SmtpSimulator, SupplierControls, SupplierSimulatorHooks],
  exports: [OutboxRepository],
})
export class SandboxModule {}
