import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';

@Module({
  imports: [OrdersModule, WalletModule],
  controllers: [PaymentsController],
  providers: [PaymentsService],
})
export class PaymentsModule {}
