import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock.js';

export type EmailTokenPurpose = 'verify' | 'reset';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify: 24 * 3600_000,
  reset: 30 * 60_000,
};

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Single-use random tokens for e-mailed links; only their SHA-256 is stored. */
@Injectable()
export class EmailTokenRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, purpose: EmailTokenPurpose) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + EMAIL_TOKEN_TTL_MS[purpose]);
    await this.txHost.tx.query(
      'INSERT INTO email_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
      [userId, purpose, digest(token), expiresAt],
    );
    return token;
  }

  /** Whether the token is the user's, unused and unexpired, without using it up. */
  async isValid(userId: string, purpose: EmailTokenPurpose, token: string) {
    if (!/^[0-9a-f-]{36}$/i.test(userId) || token.length > 200) return false;
    const rows: unknown[] = await this.txHost.tx.query(
      `SELECT 1 FROM email_tokens
       WHERE user_id = $1 AND purpose = $2 AND token_hash = $3 AND used_at IS NULL AND expires_at > $4`,
      [userId, purpose, digest(token), this.clock.now()],
    );
    return rows.length === 1;
  }

  /** Whether the token was ever given to the user for this purpose, used or expired since. */
  async wasIssued(userId: string, purpose: EmailTokenPurpose, token: string) {
    if (!/^[0-9a-f-]{36}$/i.test(userId) || token.length > 200) return false;
    const rows: unknown[] = await this.txHost.tx.query(
      'SELECT 1 FROM email_tokens WHERE user_id = $1 AND purpose = $2 AND token_hash = $3',
      [userId, purpose, digest(token)],
    );
    return rows.length === 1;
  }

  /** Marks the token used if it is the user's, unused and unexpired; true when it was. */
  async consume(userId: string, purpose: EmailTokenPurpose, token: string) {
    if (!/^[0-9a-f-]{36}$/i.test(userId) || token.length > 200) return false;
    const [, affected] = await this.txHost.tx.query<[unknown, number]>(
      `UPDATE email_tokens SET used_at = $4
       WHERE user_id = $1 AND purpose = $2 AND token_hash = $3 AND used_at IS NULL AND expires_at > $4`,
      [userId, purpose, digest(token), this.clock.now()],
    );
    return affected === 1;
  }

  /** Uses up every link of this purpose the user still has open. */
  async revokeAll(userId: string, purpose: EmailTokenPurpose) {
    await this.txHost.tx.query(
      'UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
      [userId, purpose],
    );
  }
}
