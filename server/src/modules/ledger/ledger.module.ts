import { Global, Module } from '@nestjs/common';
import { IdempotencyService } from './idempotency.service.js';
import { LedgerService } from './ledger.service.js';

/** The money ledger and request idempotency, shared by wallet, points and orders. */
@Global()
@Module({
  providers: [LedgerService, IdempotencyService],
  exports: [LedgerService, IdempotencyService],
})
export class LedgerModule {}
