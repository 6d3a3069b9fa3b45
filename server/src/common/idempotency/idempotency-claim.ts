import { HttpStatus } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  EventSubscriber,
  type EntitySubscriberInterface,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { Messages } from '@zstore/contract/messages';
import { commerceError, CommerceErrorCode } from '../errors/commerce-errors.js';

/** The `Idempotency-Key` attempt a request is running under. */
export interface ClaimAttempt {
  userId: string;
  key: string;
  token: string;
  /** The answer to store with the next commit of the attempt (see `answerOnCommit`). */
  answer?: string;
  /** True once a committed transaction carried the attempt's answer. */
  answered?: boolean;
}

export const claimAttempt = new AsyncLocalStorage<ClaimAttempt>();

/** The stored form of an answer, as `IdempotencyService` replays it. */
export interface StoredResponse {
  ok: boolean;
  body?: unknown;
  error?: { code: string; message: string; status: number; extra: Record<string, unknown> };
}

/**
 * The request's answer, to be stored with the transaction about to commit: a keyed request's
 * last transaction carries its answer, so once the work is committed a retry with the same key
 * always replays it. Call it inside that transaction, with exactly what the route answers.
 * Outside a keyed request it does nothing.
 */
export function answerOnCommit(body: unknown) {
  const attempt = claimAttempt.getStore();
  if (attempt) attempt.answer = JSON.stringify({ ok: true, body } satisfies StoredResponse);
}

/**
 * Every transaction committed while a keyed request runs first marks its claim `committed`,
 * inside that transaction: a claim still `running` then proves that nothing of the attempt was
 * committed, so it may be taken over once its lease is over. The transaction that carries the
 * answer (`answerOnCommit`) makes the claim `done` with it instead. An attempt whose claim was
 * taken over (it ran past its lease) finds its token gone and rolls back instead. A transaction
 * of the attempt that commits after its answer was stored leaves the claim `done`.
 *
 * TypeORM silently drops a subscriber class without `@EventSubscriber()`.
 */
@EventSubscriber()
export class IdempotencyClaimSubscriber implements EntitySubscriberInterface {
  private readonly carrying = new WeakSet<TransactionCommitEvent['queryRunner']>();

  async beforeTransactionCommit(event: TransactionCommitEvent) {
    const attempt = claimAttempt.getStore();
    if (!attempt) return;
    const answer = attempt.answered ? undefined : attempt.answer;
    const result = answer
      ? await event.queryRunner.query(
          `UPDATE idempotency_keys SET status = 'done', response_status = 200, response_body = $4
           WHERE user_id = $1 AND key = $2 AND token = $3`,
          [attempt.userId, attempt.key, attempt.token, answer],
          true,
        )
      : await event.queryRunner.query(
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
    if (answer) this.carrying.add(event.queryRunner);
  }

  afterTransactionCommit(event: TransactionCommitEvent) {
    const attempt = claimAttempt.getStore();
    if (!attempt || !this.carrying.delete(event.queryRunner)) return;
    attempt.answered = true;
  }

  afterTransactionRollback(event: TransactionRollbackEvent) {
    this.carrying.delete(event.queryRunner);
  }
}
