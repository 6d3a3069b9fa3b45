import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Role, UserEntity } from './entities/user.entity.js';
import { mapUserSessionRow, type User, type UserSession, type UserSessionRow } from './user.js';

export interface NewUser {
  name: string;
  email: string;
  mobilenumber: string | null;
  passwordHash: string | null;
  role?: Role;
  verified?: boolean;
  googleSub?: string | null;
}

@Injectable()
export class UsersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get users() {
    return this.txHost.tx.getRepository(UserEntity);
  }

  // The entity's column transformers already answer camelCase fields with bigints as numbers.

  getById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  getByUserid(userid: number): Promise<User | null> {
    return this.users.findOneBy({ userid });
  }

  getByEmail(email: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  getByEmailWithPassword(email: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  getByMobile(mobilenumber: string): Promise<User | null> {
    return this.users.findOneBy({ mobilenumber });
  }

  getByGoogleSub(googleSub: string): Promise<User | null> {
    return this.users.findOneBy({ googleSub });
  }

  async emailOrMobileTaken(email: string, mobilenumber: string) {
    const rows: Array<{ email_taken: boolean; mobile_taken: boolean }> = await this.users.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) AS email_taken,
              EXISTS (SELECT 1 FROM users WHERE mobilenumber = $2) AS mobile_taken`,
      [email, mobilenumber],
    );
    return { emailTaken: rows[0].email_taken, mobileTaken: rows[0].mobile_taken };
  }

  async create(input: NewUser): Promise<User> {
    const result = await this.txHost.tx.insert(UserEntity, {
      name: input.name,
      email: input.email,
      mobilenumber: input.mobilenumber,
      passwordHash: input.passwordHash,
      role: input.role ?? Role.User,
      verified: input.verified ?? false,
      googleSub: input.googleSub ?? null,
    });
    const id = (result.identifiers[0] as { id: string }).id;
    return this.txHost.tx.findOneByOrFail(UserEntity, { id });
  }

  /**
   * The columns the auth guard needs on every request, in one indexed read: what it checks (role,
   * token version, block) and who the caller is (name and contacts, so a handler need not read
   * the row again).
   */
  async getSession(id: string): Promise<UserSession | undefined> {
    const rows: UserSessionRow[] = await this.users.query(
      'SELECT userid, role, token_version, is_blocked, name, email, mobilenumber FROM users WHERE id = $1',
      [id],
    );
    return rows[0] ? mapUserSessionRow(rows[0]) : undefined;
  }

  async updateName(id: string, name: string) {
    await this.users.update({ id }, { name });
  }

  async markVerified(id: string) {
    await this.txHost.tx.query(
      'UPDATE users SET verified = true, updated_at = now() WHERE id = $1',
      [id],
    );
  }

  /** Claims the right to send a verification mail: at most one a minute per user. */
  async claimVerificationSend(id: string, now: Date): Promise<boolean> {
    const result = await this.users
      .createQueryBuilder()
      .update(UserEntity)
      .set({ verificationSentAt: now })
      .where('id = :id', { id })
      .andWhere(`(verification_sent_at IS NULL OR verification_sent_at <= :cutoff)`, {
        cutoff: new Date(now.getTime() - 60_000),
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Sets a new password and ends every session the user has (token version bump). */
  async setPassword(id: string, passwordHash: string) {
    await this.txHost.tx.query(
      'UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1',
      [id, passwordHash],
    );
  }

  /** Stores a stronger hash of the same password; sessions stay. */
  async replacePasswordHash(id: string, passwordHash: string) {
    await this.users.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  }

  async hasAny() {
    const rows: unknown[] = await this.users.query('SELECT 1 FROM users LIMIT 1');
    return rows.length > 0;
  }

  async linkGoogle(id: string, googleSub: string) {
    await this.users.update({ id }, { googleSub, verified: true });
  }
}
