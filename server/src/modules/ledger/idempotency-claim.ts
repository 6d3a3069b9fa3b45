import { HttpStatus } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  EventSubscriber,
  type EntitySubscriberInterface,
  type TransactionCommitEvent,
} from 'typeorm';
import { Messages } from '@zstore/contract/messages';
import { commerceError, CommerceErrorCode } from './commerce-errors.js';

/** The `Idempotency-Key` attempt a request is running under. */
export interface ClaimAttempt {
  userId: string;
  key: string;
  token: string;
}

export const claimAttempt = new AsyncLocalStorage<ClaimAttempt>();

/**
 * Every transaction committed while a keyed request runs first marks its claim `committed`,
 * inside that transaction: a claim still `running` then proves that nothing of the attempt was
 * committed, so it may be taken over once its lease is over. An attempt whose claim was taken
 * over (it ran past its lease) finds its token gone and rolls back instead. A transaction of
 * the attempt that commits after its answer was stored leaves the claim `done`.
 *
 * TypeORM silently drops a subscriber class without `@EventSubscriber()`.
 */
@EventSubscriber()
export class IdempotencyClaimSubscriber implements EntitySubscriberInterface {
  async beforeTransactionCommit(event: TransactionCommitEvent) {
    const attempt = claimAttempt.getStore();
    if (!attempt) return;
    const result = await event.queryRunner.query(
      `UPDATE idempotency_keys
       SET status = CASE status WHEN 'done' THEN 'done' ELSE 'committed' END
       WHERE user_id = $1 AND key = $2 AND token = $3`,
      [attempt.userId, attempt.key, attempt.token],
      true,
    );
    if (!result.affected) {
      throw commerceError(
        CommerceErrorCode.IdempotencyInProgress,
        Messages.idempotencyInProgress,
        HttpStatus.CONFLICT,
      );
    }
  }
}
