import { Module } from '@nestjs/common';
import { PaymentsController } from './payments.controller.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { UpiPaymentsService } from './upi-payments.service.js';

/** The `payments` record and its UPI lifecycle; orders and top-ups plug in through `PaymentPort`. */
@Module({
  controllers: [PaymentsController],
  providers: [UpiPaymentsService, PaymentsService, PaymentsRepository],
  exports: [UpiPaymentsService],
})
export class PaymentsModule {}
