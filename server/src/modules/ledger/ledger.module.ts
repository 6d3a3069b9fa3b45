import { Module } from '@nestjs/common';
import { LedgerService } from './ledger.service.js';

/** The money ledger: its one guarded post, for the wallet module's movements. */
@Module({
  providers: [LedgerService],
  exports: [LedgerService],
})
export class LedgerModule {}
