import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { CheckIdController } from './checkid.controller.js';
import { CheckIdService } from './checkid.service.js';
import { DeliveryAdminController } from './delivery-admin.controller.js';
import { DeliveryAdminService } from './delivery-admin.service.js';
import { DeliveryService } from './delivery.service.js';
import { SupplierPackBuyer } from './supplier-pack-buyer.js';
import { KeptAnswers } from './kept-answers.js';
import { SupplierBalanceGuard } from './supplier-balance-guard.js';
import { SupplierClockGuard } from './supplier-clock-guard.js';
import { SupplierPurchasesRepository } from './supplier-purchases.repository.js';
import { SupplierPointsController } from './supplier-points.controller.js';
import { SupplierPointsService } from './supplier-points.service.js';

/** Supplier-backed delivery: the player check, supplier balances, the delivery job. */
@Module({
  imports: [CatalogModule, OrdersModule],
  controllers: [CheckIdController, SupplierPointsController, DeliveryAdminController],
  providers: [
    CheckIdService,
    SupplierPointsService,
    DeliveryService,
    DeliveryAdminService,
    SupplierPackBuyer,
    SupplierBalanceGuard,
    KeptAnswers,
    SupplierClockGuard,
    SupplierPurchasesRepository,
  ],
  exports: [CheckIdService],
})
export class DeliveryModule {}
