import { Module } from '@nestjs/common';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { UpiPaymentsService } from './upi-payments.service.js';

/** The UPI payment lifecycle; orders and top-ups plug in through `PaymentPort`. */
@Module({
  controllers: [PaymentsController],
  providers: [UpiPaymentsService, PaymentsService],
  exports: [UpiPaymentsService],
})
export class PaymentsModule {}
