import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CheckIdController } from './checkid.controller.js';
import { CheckIdService } from './checkid.service.js';
import { SupplierPointsController } from './supplier-points.controller.js';
import { SupplierPointsService } from './supplier-points.service.js';

/** Supplier-backed delivery: the player check, supplier balances. */
@Module({
  imports: [CatalogModule],
  controllers: [CheckIdController, SupplierPointsController],
  providers: [CheckIdService, SupplierPointsService],
})
export class DeliveryModule {}
