import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, MoreThan } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { EmailTokenEntity, type EmailTokenPurpose } from './email-token.entity.js';

export type { EmailTokenPurpose };

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify: 24 * 3600_000,
  reset: 30 * 60_000,
};

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token that could be one of ours: the user id a UUID, the token of a sane length. */
const plausible = (userId: string, token: string) =>
  /^[0-9a-f-]{36}$/i.test(userId) && token.length <= 200;

/** Single-use random tokens for e-mailed links; only their SHA-256 is stored. */
@Injectable()
export class EmailTokenRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
  ) {}

  private get tokens() {
    return this.txHost.tx.getRepository(EmailTokenEntity);
  }

  async create(userId: string, purpose: EmailTokenPurpose) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + EMAIL_TOKEN_TTL_MS[purpose]);
    await this.tokens.insert({ userId, purpose, tokenHash: digest(token), expiresAt });
    return token;
  }

  /** Whether the token is the user's, unused and unexpired, without using it up. */
  async isValid(userId: string, purpose: EmailTokenPurpose, token: string) {
    if (!plausible(userId, token)) return false;
    return this.tokens.existsBy({
      userId,
      purpose,
      tokenHash: digest(token),
      usedAt: IsNull(),
      expiresAt: MoreThan(this.clock.now()),
    });
  }

  /** Whether the token was ever given to the user for this purpose, used or expired since. */
  async wasIssued(userId: string, purpose: EmailTokenPurpose, token: string) {
    if (!plausible(userId, token)) return false;
    return this.tokens.existsBy({ userId, purpose, tokenHash: digest(token) });
  }

  /** Marks the token used if it is the user's, unused and unexpired; true when it was. */
  async consume(userId: string, purpose: EmailTokenPurpose, token: string) {
    if (!plausible(userId, token)) return false;
    const now = this.clock.now();
    const { affected } = await this.tokens.update(
      { userId, purpose, tokenHash: digest(token), usedAt: IsNull(), expiresAt: MoreThan(now) },
      { usedAt: now },
    );
    return affected === 1;
  }

  /** Uses up every link of this purpose the user still has open. */
  async revokeAll(userId: string, purpose: EmailTokenPurpose) {
    await this.tokens.update({ userId, purpose, usedAt: IsNull() }, { usedAt: () => 'now()' });
  }
}
