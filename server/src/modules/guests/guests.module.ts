import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { UsersModule } from '../users/users.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { GuestCheckoutService } from './guest-checkout.service.js';
import { GuestJoinService } from './guest-join.service.js';
import { GuestOrdersController } from './guest-orders.controller.js';

/** Buying without an account, and the guest's orders joining the account that proves them. */
@Module({
  imports: [InvoicesModule, OrdersModule, UsersModule, WalletModule],
  controllers: [GuestOrdersController],
  providers: [GuestCheckoutService, GuestJoinService],
})
export class GuestsModule {}
