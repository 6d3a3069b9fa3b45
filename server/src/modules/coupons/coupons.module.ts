import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CouponsAdminRepository } from './coupons-admin.repository.js';
import { CouponsAdminService } from './coupons-admin.service.js';
import { CouponsAdminController } from './coupons.admin.controller.js';
import { CouponsController } from './coupons.controller.js';
import { CouponsService } from './coupons.service.js';

@Module({
  imports: [CatalogModule],
  controllers: [CouponsController, CouponsAdminController],
  providers: [CouponsService, CouponsAdminRepository, CouponsAdminService],
  exports: [CouponsService],
})
export class CouponsModule {}
