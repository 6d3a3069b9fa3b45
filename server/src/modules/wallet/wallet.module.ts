import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { PointsService } from './points.service.js';
import { WalletAdminController } from './wallet.admin.controller.js';
import { WalletAdminRepository } from './wallet-admin.repository.js';
import { WalletAdminService } from './wallet-admin.service.js';
import { PointsController, WalletController } from './wallet.controller.js';
import { WalletRepository } from './wallet.repository.js';
import { WalletService } from './wallet.service.js';

@Module({
  imports: [UsersModule],
  controllers: [WalletController, PointsController, WalletAdminController],
  providers: [
    WalletRepository,
    WalletService,
    PointsService,
    WalletAdminRepository,
    WalletAdminService,
  ],
  exports: [WalletRepository, WalletService, PointsService],
})
export class WalletModule {}
