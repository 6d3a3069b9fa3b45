import { Module, type OnModuleInit } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { OrderSources, type OrderSource } from '../orders/order-sources.js';
import { OrderStatusListeners } from '../orders/order-status-listeners.js';
import { OrdersModule } from '../orders/orders.module.js';
import { UsersModule } from '../users/users.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { BatchPrecheck } from './bulk/batch-precheck.js';
import { CsvBodyHook } from './bulk/csv-body.js';
import {
  ResellerBatchesController,
  ResellerBatchesDashboardController,
} from './bulk/reseller-batches.controller.js';
import { ResellerBatchesService } from './bulk/reseller-batches.service.js';
import {
  ResellerCallbacksAdminController,
  ResellerCallbacksDashboardController,
} from './callbacks/callbacks.controller.js';
import { ResellerCallbacks } from './callbacks/callbacks.service.js';
import { InApiTermsInterceptor } from './in-api-terms.interceptor.js';
import { ResellerRawBodyHook } from './raw-body.js';
import { ResellerApiController } from './reseller-api.controller.js';
import { ResellerCatalogue } from './reseller-catalogue.js';
import {
  ResellerDashboardController,
  ResellerKeysAdminController,
} from './reseller-keys.controller.js';
import { ResellerKeysService } from './reseller-keys.service.js';
import { ResellerOrdersService } from './reseller-orders.service.js';
import { ResellerSandboxService } from './reseller-sandbox.service.js';
import { ResellerStatementAdminController } from './reseller-statement-admin.controller.js';
import { ResellerStatementService } from './reseller-statement.service.js';
import { SignedRequestGuard } from './signed-request.guard.js';

/** The reseller API (RESELLER-API.md): keys, signed requests, orders by reference, bulk orders, statements. */
@Module({
  imports: [CatalogModule, DeliveryModule, OrdersModule, UsersModule, WalletModule],
  controllers: [
    ResellerApiController,
    ResellerKeysAdminController,
    ResellerDashboardController,
    ResellerBatchesController,
    ResellerBatchesDashboardController,
    ResellerCallbacksAdminController,
    ResellerCallbacksDashboardController,
    ResellerStatementAdminController,
  ],
  providers: [
    ResellerRawBodyHook,
    ResellerKeysService,
    SignedRequestGuard,
    InApiTermsInterceptor,
    ResellerCatalogue,
    ResellerOrdersService,
    ResellerSandboxService,
    ResellerStatementService,
    CsvBodyHook,
    BatchPrecheck,
    ResellerBatchesService,
    ResellerCallbacks,
  ],
  exports: [ResellerCallbacks],
})
export class ResellerApiModule implements OnModuleInit {
  constructor(
    private readonly sources: OrderSources,
    private readonly orders: ResellerOrdersService,
    private readonly keys: ResellerKeysService,
    private readonly statusListeners: OrderStatusListeners,
    private readonly callbacks: ResellerCallbacks,
  ) {}

  onModuleInit() {
    this.statusListeners.register((order) => this.callbacks.liveOrderMoved(order));
    this.sources.register(
      async (orderids) => {
        const bindings = await this.orders.referencesOf(orderids);
        const labels = await this.keys.labels([...new Set(bindings.map((b) => b.apiKeyId))]);
        return new Map<string, OrderSource>(
          bindings.map((b) => [
            b.orderid,
            { reference: b.reference, keyLabel: labels.get(b.apiKeyId) ?? '' },
          ]),
        );
      },
      {
        byReference: (reference) => this.orders.orderidsWithReference(reference),
        resellerAccount: (userid) => this.keys.resellerAccount(userid),
      },
    );
  }
}
