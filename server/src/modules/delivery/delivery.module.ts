import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { CheckIdController } from './checkid.controller.js';
import { CheckIdService } from './checkid.service.js';
import { FulfilmentAdminController } from './fulfilment-admin.controller.js';
import { FulfilmentAdminService } from './fulfilment-admin.service.js';
import { FulfilmentService } from './fulfilment.service.js';
import { SupplierPackBuyer } from './supplier-pack-buyer.js';
import { KeptAnswers } from './kept-answers.js';
import { SupplierBalanceGuard } from './supplier-balance-guard.js';
import { SupplierClockGuard } from './supplier-clock-guard.js';
import { SupplierPurchasesRepository } from './supplier-purchases.repository.js';
import { SupplierPointsController } from './supplier-points.controller.js';
import { SupplierPointsService } from './supplier-points.service.js';

/** Supplier-backed delivery: the player check, supplier balances, the fulfilment job. */
@Module({
  imports: [CatalogModule, OrdersModule],
  controllers: [CheckIdController, SupplierPointsController, FulfilmentAdminController],
  providers: [
    CheckIdService,
    SupplierPointsService,
    FulfilmentService,
    FulfilmentAdminService,
    SupplierPackBuyer,
    SupplierBalanceGuard,
    KeptAnswers,
    SupplierClockGuard,
    SupplierPurchasesRepository,
  ],
  exports: [CheckIdService],
})
export class DeliveryModule {}
