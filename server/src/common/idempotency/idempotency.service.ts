import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import pRetry from 'p-retry';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth.decorators.js';
import { AppError } from '../errors/app-error.js';
import { requestFingerprint } from '../request-fingerprint.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { claimAttempt, type ClaimAttempt, type StoredResponse } from './idempotency-claim.js';
import { commerceError, CommerceErrorCode } from '../errors/commerce-errors.js';

const KEEP_HOURS = 24;
const SAVE_TRIES = 3;
/** The first pause between tries of storing an answer; it doubles each time. */
const SAVE_BACKOFF_MS = 50;
const RELEASE_RETRY_MS = 500;

type IdempotencyKeyStatus = 'running' | 'committed' | 'done';

/** A claimed key: the request it was claimed for and, once `done`, the stored answer (JSON). */
interface IdempotencyKey {
  fingerprint: string;
  status: IdempotencyKeyStatus;
  responseBody: string | null;
  /** The claim's lease is not over: its attempt may still be running. */
  live: boolean;
}

/**
 * `Idempotency-Key` on money-moving POSTs (DESIGN section 5): scoped to the user, kept 24 h.
 * The first request runs; a replay gets the first answer (success or expected failure); a
 * duplicate arriving while the first runs gets 409; the same key with another body gets 422.
 * A claim left `running` by a process that died (nothing committed: see
 * `IdempotencyClaimSubscriber`) is taken over by a retry once its lease is over. A route's
 * last transaction stores its answer (`answerOnCommit`), so committed work always has its
 * answer to replay; other answers (refusals, routes that commit nothing) are stored after.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger(IdempotencyService.name);

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run<T>(
    auth: AuthUser,
    key: string | undefined,
    route: string,
    body: unknown,
    work: () => Promise<T>,
  ): Promise<T> {
    if (!key) return work();
    const trimmed = key.trim().slice(0, 255);
    const fingerprint = requestFingerprint(route, body);
    const token = await this.claim(auth.id, trimmed, fingerprint);
    if (!token) return this.replay<T>(auth.id, trimmed, fingerprint);
    const attempt: ClaimAttempt = { userId: auth.id, key: trimmed, token };

    let result: T;
    try {
      result = await claimAttempt.run(attempt, work);
    } catch (error) {
      if (error instanceof AppError && error.status < HttpStatus.INTERNAL_SERVER_ERROR) {
        const { code, message, status, extra } = error;
        await this.saveAnswer(attempt, status, {
          ok: false,
          error: { code, message, status, extra },
        });
      } else {
        await this.release(attempt);
      }
      throw error;
    }
    if (!attempt.answered) await this.saveAnswer(attempt, 200, { ok: true, body: result });
    return result;
  }

  /**
   * Stores the answer for replays. The work is already committed, so a failure here must not
   * turn into an error that invites a retry: the claim stays `committed` and a retry is told
   * the request was carried out.
   */
  private async saveAnswer(attempt: ClaimAttempt, status: number, stored: StoredResponse) {
    try {
      await pRetry(
        () =>
          this.db.query(
            `UPDATE idempotency_keys SET status = 'done', response_status = $4, response_body = $5
             WHERE user_id = $1 AND key = $2 AND token = $3`,
            [attempt.userId, attempt.key, attempt.token, status, JSON.stringify(stored)],
          ),
        { retries: SAVE_TRIES - 1, minTimeout: SAVE_BACKOFF_MS },
      );
    } catch (error) {
      this.logger.warn(
        `The answer of Idempotency-Key claim ${attempt.token} was not stored: ${(error as Error).message}`,
      );
    }
  }

  /**
   * An unexpected failure gives the key back so the client's retry runs afresh, but only while
   * the claim is `running`: once any transaction of the attempt committed, it stays. When the
   * database itself is gone (the failure's usual cause), the key is given back as soon as it
   * answers again, so the retry does not wait for the lease.
   */
  private async release(attempt: ClaimAttempt) {
    const failure = await this.tryRelease(attempt);
    if (!failure) return;
    this.logger.warn(`Idempotency-Key claim ${attempt.token} not released yet: ${failure.message}`);
    // The answer goes out now; the key is given back in the background.
    void this.releaseLater(attempt, Date.now() + this.config.idempotencyLeaseMs);
  }

  private async releaseLater(attempt: ClaimAttempt, deadline: number) {
    // Past the lease a retry takes the claim over anyway.
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, RELEASE_RETRY_MS).unref());
      if (!(await this.tryRelease(attempt))) return;
    }
  }

  /** Gives the key back if its attempt committed nothing; answers the error when it could not. */
  private async tryRelease(attempt: ClaimAttempt): Promise<Error | undefined> {
    try {
      await this.db.query(
        `DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND token = $3 AND status = 'running'`,
        [attempt.userId, attempt.key, attempt.token],
      );
      return undefined;
    } catch (error) {
      return error as Error;
    }
  }

  /**
   * A new claim's token; also a `running` claim whose lease is over, or any key older than the
   * day a key is kept (claimed afresh as if new). Undefined when taken. One statement: it runs
   * before every keyed request.
   */
  private async claim(userId: string, key: string, fingerprint: string) {
    const rows: Array<{ token: string }> = await this.db.query(
      `INSERT INTO idempotency_keys AS k (user_id, key, fingerprint, token) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, key) DO UPDATE SET token = EXCLUDED.token, claimed_at = now(),
           fingerprint = EXCLUDED.fingerprint,
           status = CASE WHEN k.created_at < now() - make_interval(hours => $6) THEN 'running' ELSE k.status END,
           response_status = CASE WHEN k.created_at < now() - make_interval(hours => $6) THEN NULL ELSE k.response_status END,
           response_body = CASE WHEN k.created_at < now() - make_interval(hours => $6) THEN NULL ELSE k.response_body END,
           created_at = CASE WHEN k.created_at < now() - make_interval(hours => $6) THEN now() ELSE k.created_at END
         WHERE k.created_at < now() - make_interval(hours => $6)
            OR (k.status = 'running' AND k.fingerprint = EXCLUDED.fingerprint
                AND k.claimed_at < now() - make_interval(secs => $5))
       RETURNING token`,
      [userId, key, fingerprint, randomUUID(), this.config.idempotencyLeaseMs / 1000, KEEP_HOURS],
    );
    return rows[0]?.token;
  }

  private async replay<T>(userId: string, key: string, fingerprint: string): Promise<T> {
    // SQL: the lease's end is read on the database's clock, with the row.
    const [row]: Array<IdempotencyKey | undefined> = await this.db.query(
      `SELECT fingerprint, status, response_body AS "responseBody",
              claimed_at >= now() - make_interval(secs => $3) AS live
       FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key, this.config.idempotencyLeaseMs / 1000],
    );
    if (!row || row.status !== 'done' || !row.responseBody) {
      if (row && row.fingerprint !== fingerprint) {
        throw commerceError(
          CommerceErrorCode.IdempotencyMismatch,
          Messages.idempotencyMismatch,
          HttpStatus.UNPROCESSABLE_ENTITY,
        );
      }
      if (row?.status === 'committed' && !row.live) {
        // Part of the first attempt's work was committed, and its process stopped before the
        // transaction carrying the answer.
        throw commerceError(
          CommerceErrorCode.IdempotencyInProgress,
          Messages.idempotencyCommitted,
          HttpStatus.CONFLICT,
        );
      }
      throw commerceError(
        CommerceErrorCode.IdempotencyInProgress,
        Messages.idempotencyInProgress,
        HttpStatus.CONFLICT,
      );
    }
    if (row.fingerprint !== fingerprint) {
      throw commerceError(
        CommerceErrorCode.IdempotencyMismatch,
        Messages.idempotencyMismatch,
        HttpStatus.UNPROCESSABLE_ENTITY,
      );
    }
    const stored = JSON.parse(row.responseBody) as StoredResponse;
    if (stored.ok) return stored.body as T;
    const { code, message, status, extra } = stored.error!;
    throw new AppError(code, message, status, extra);
  }

  /** Drops keys older than a day (run by the payments sweep). */
  async purgeExpired() {
    await this.db.query(
      `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`,
      [KEEP_HOURS],
    );
  }
}
