import { Module } from '@nestjs/common';
import { Fast2SmsSimulator } from './fast2sms/fast2sms.simulator.js';
import { GoogleSimulator } from './google/google.simulator.js';
import { OutboxPageController } from './outbox/outbox.controller.js';
import { OutboxRepository } from './outbox/outbox.repository.js';
import { SmtpFaultsController } from './smtp/smtp-faults.controller.js';
import { SmtpSimulator } from './smtp/smtp.simulator.js';

/**
 * The provider simulators under `/sandbox` (sandbox mode only). Product code never imports
 * them: the adapters reach them over HTTP and SMTP like the real services.
 */
@Module({
  controllers: [Fast2SmsSimulator, GoogleSimulator, OutboxPageController, SmtpFaultsController],
  providers: [OutboxRepository, SmtpSimulator],
  exports: [OutboxRepository],
})
export class SandboxModule {}
