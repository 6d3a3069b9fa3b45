import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError, type ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '../../common/messages.js';
import { commerceError, CommerceErrorCode } from './commerce-errors.js';

const KEEP_HOURS = 24;

interface StoredResponse {
  ok: boolean;
  body?: unknown;
  error?: { code: string; message: string; status: number; extra: Record<string, unknown> };
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * `Idempotency-Key` on money-moving POSTs (DESIGN section 5): scoped to the user, kept 24 h.
 * The first request runs; a replay gets the first answer (success or expected failure); a
 * duplicate arriving while the first runs gets 409; the same key with another body gets 422.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly db: DataSource) {}

  async run<T>(
    auth: AuthUser,
    key: string | undefined,
    route: string,
    body: unknown,
    work: () => Promise<T>,
  ): Promise<T> {
    if (!key) return work();
    const trimmed = key.trim().slice(0, 255);
    const fingerprint = createHash('sha256')
      .update(`${route}\n${JSON.stringify(canonical(body))}`)
      .digest('hex');
    const claimed = await this.claim(auth.id, trimmed, fingerprint);
    if (!claimed) return this.replay<T>(auth.id, trimmed, fingerprint);

    let stored: StoredResponse;
    try {
      const result = await work();
      stored = { ok: true, body: result };
      await this.save(auth.id, trimmed, 200, stored);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        stored = {
          ok: false,
          error: {
            code: error.code,
            message: error.message,
            status: error.status,
            extra: error.extra,
          },
        };
        await this.save(auth.id, trimmed, error.status, stored);
      } else {
        // Unexpected failures leave nothing behind, so the client's retry runs afresh.
        await this.db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2', [
          auth.id,
          trimmed,
        ]);
      }
      throw error;
    }
  }

  private async claim(userId: string, key: string, fingerprint: string) {
    await this.db.query(
      `DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at < now() - make_interval(hours => $3)`,
      [userId, key, KEEP_HOURS],
    );
    const rows: unknown[] = await this.db.query(
      `INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, fingerprint],
    );
    return rows.length === 1;
  }

  private async save(userId: string, key: string, status: number, stored: StoredResponse) {
    await this.db.query(
      `UPDATE idempotency_keys SET status = 'done', response_status = $3, response_body = $4 WHERE user_id = $1 AND key = $2`,
      [userId, key, status, JSON.stringify(stored)],
    );
  }

  private async replay<T>(userId: string, key: string, fingerprint: string): Promise<T> {
    const rows: Array<{ fingerprint: string; status: string; response_body: string | null }> =
      await this.db.query(
        'SELECT fingerprint, status, response_body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [userId, key],
      );
    const row = rows[0];
    if (!row || row.status !== 'done' || !row.response_body) {
      if (row && row.fingerprint !== fingerprint) {
        throw commerceError(
          CommerceErrorCode.IdempotencyMismatch,
          Messages.idempotencyMismatch,
          HttpStatus.UNPROCESSABLE_ENTITY,
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
    const stored = JSON.parse(row.response_body) as StoredResponse;
    if (stored.ok) return stored.body as T;
    const { code, message, status, extra } = stored.error!;
    throw new AppError(code as ErrorCode, message, status as HttpStatus, extra);
  }

  /** Drops keys older than a day (run by the payments sweep). */
  async purgeExpired() {
    await this.db.query(
      `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`,
      [KEEP_HOURS],
    );
  }
}
