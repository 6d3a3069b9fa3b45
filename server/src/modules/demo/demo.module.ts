import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CouponsModule } from '../coupons/coupons.module.js';
import { GalleryModule } from '../gallery/gallery.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoCatalogService } from './demo-catalog.service.js';
import { DemoDataService } from './demo-data.service.js';

@Module({
  imports: [AuthModule, UsersModule, CatalogModule, CouponsModule, GalleryModule, WalletModule],
  providers: [DemoDataService, DemoCatalogService],
  exports: [DemoDataService],
})
export class DemoModule {}
