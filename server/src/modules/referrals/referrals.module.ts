import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { ReferralsAdminController, ReferralsController } from './referrals.controller.js';
import { ReferralsRepository } from './referrals.repository.js';
import { ReferralsService } from './referrals.service.js';

/** Refer & Earn: codes, who referred whom, the rewards and their take-back. */
@Module({
  imports: [UsersModule, WalletModule],
  controllers: [ReferralsController, ReferralsAdminController],
  providers: [ReferralsRepository, ReferralsService],
  exports: [ReferralsService],
})
export class ReferralsModule {}
