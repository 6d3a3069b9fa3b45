import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CouponsModule } from '../coupons/coupons.module.js';
import { SavedPlayersModule } from '../saved-players/saved-players.module.js';
import { UsersModule } from '../users/users.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { CheckedPlayers } from './checked-players.js';
import { OrdersAdminController } from './orders.admin.controller.js';
import { OrdersAdminRepository } from './orders-admin.repository.js';
import { OrdersAdminService } from './orders-admin.service.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

@Module({
  imports: [CatalogModule, CouponsModule, SavedPlayersModule, UsersModule, WalletModule],
  controllers: [OrdersController, OrdersAdminController],
  providers: [
    OrdersRepository,
    OrdersService,
    OrdersAdminRepository,
    OrdersAdminService,
    CheckedPlayers,
  ],
  exports: [OrdersRepository, OrdersService, CheckedPlayers],
})
export class OrdersModule {}
