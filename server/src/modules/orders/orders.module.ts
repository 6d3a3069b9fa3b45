import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CouponsModule } from '../coupons/coupons.module.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { ReferralsModule } from '../referrals/referrals.module.js';
import { SavedPlayersModule } from '../saved-players/saved-players.module.js';
import { UsersModule } from '../users/users.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { WhatsAppModule } from '../whatsapp/whatsapp.module.js';
import { CheckedPlayers } from './checked-players.js';
import { CheckoutService } from './checkout.service.js';
import { CheckoutWriter } from './checkout-writer.js';
import { OrderDeliveriesRepository } from './order-deliveries.repository.js';
import { OrderGuarantee } from './order-guarantee.service.js';
import { OrderPayments } from './order-payments.js';
import { OrderPromiseSweep } from './order-promise-sweep.service.js';
import { OrderPromisesRepository } from './order-promises.repository.js';
import { PromiseReportService } from './promise-report.service.js';
import { OrderQuotes } from './order-quotes.service.js';
import { OrderReceipts } from './order-receipts.service.js';
import { OrderSources } from './order-sources.js';
import { OrderStatusListeners } from './order-status-listeners.js';
import { OrderStatsController } from './order-stats.controller.js';
import { OrderStatsService } from './order-stats.service.js';
import { OrderSettlementService } from './order-settlement.service.js';
import { OrderTransitions } from './order-transitions.service.js';
import { OrdersAdminController } from './orders.admin.controller.js';
import { OrdersAdminRepository } from './orders-admin.repository.js';
import { OrdersAdminService } from './orders-admin.service.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

@Module({
  imports: [
    CatalogModule,
    CouponsModule,
    InvoicesModule,
    NotificationsModule,
    PaymentsModule,
    ReferralsModule,
    SavedPlayersModule,
    UsersModule,
    WalletModule,
    WhatsAppModule,
  ],
  controllers: [OrdersController, OrdersAdminController, OrderStatsController],
  providers: [
    OrdersRepository,
    OrderTransitions,
    OrderQuotes,
    CheckoutService,
    CheckoutWriter,
    OrderPayments,
    OrderSettlementService,
    OrderReceipts,
    OrderStatsService,
    OrderDeliveriesRepository,
    OrdersService,
    OrdersAdminRepository,
    OrdersAdminService,
    CheckedPlayers,
    OrderSources,
    OrderPromisesRepository,
    OrderGuarantee,
    OrderPromiseSweep,
    PromiseReportService,
    OrderStatusListeners,
  ],
  exports: [
    OrderDeliveriesRepository,
    OrdersService,
    OrderSettlementService,
    CheckedPlayers,
    OrderSources,
    OrderStatusListeners,
    OrdersAdminService,
  ],
})
export class OrdersModule {}
