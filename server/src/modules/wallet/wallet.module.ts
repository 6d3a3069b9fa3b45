import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { PointsService } from './points.service.js';
import { PointsController, WalletController } from './wallet.controller.js';
import { WalletRepository } from './wallet.repository.js';
import { WalletService } from './wallet.service.js';

@Module({
  imports: [UsersModule],
  controllers: [WalletController, PointsController],
  providers: [WalletRepository, WalletService, PointsService],
  exports: [WalletRepository, WalletService, PointsService],
})
export class WalletModule {}
