import { Global, Module } from '@nestjs/common';
import { IdempotencyService } from './idempotency.service.js';

/** The `Idempotency-Key` of money-moving requests, for every module's routes. */
@Global()
@Module({
  providers: [IdempotencyService],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
