import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { UsersModule } from '../users/users.module.js';
import { TopupPayments } from './topup-payments.js';
import { PointsService } from './points.service.js';
import { WalletAdminController } from './wallet.admin.controller.js';
import { WalletAdminRepository } from './wallet-admin.repository.js';
import { WalletAdminService } from './wallet-admin.service.js';
import { PointsController, WalletController } from './wallet.controller.js';
import { WalletRepository } from './wallet.repository.js';
import { WalletMovements } from './wallet-movements.service.js';
import { WalletService } from './wallet.service.js';

@Module({
  imports: [LedgerModule, PaymentsModule, UsersModule],
  controllers: [WalletController, PointsController, WalletAdminController],
  providers: [
    WalletRepository,
    WalletMovements,
    TopupPayments,
    WalletService,
    PointsService,
    WalletAdminRepository,
    WalletAdminService,
  ],
  exports: [WalletMovements, WalletService, PointsService],
})
export class WalletModule {}
