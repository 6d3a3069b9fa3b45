import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { UserEntity } from './user.entity.js';
import { guardedUpdate } from '../../database/transactions.js';
import { Role } from './role.js';
import {
  mapUserRow,
  mapUserSessionRow,
  USER_COLUMNS,
  type User,
  type UserRow,
  type UserSession,
  type UserSessionRow,
} from './user.js';

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

  private async one(where: string, value: unknown, columns = USER_COLUMNS): Promise<User | null> {
    const rows: UserRow[] = await this.txHost.tx.query(
      `SELECT ${columns} FROM users WHERE ${where}`,
      [value],
    );
    return rows[0] ? mapUserRow(rows[0]) : null;
  }

  getById(id: string): Promise<User | null> {
    return this.one('id = $1', id);
  }

  /** Several customers' public details at once, for a list that names them. */
  getPeople(ids: string[]): Promise<Array<Pick<User, 'id' | 'userid' | 'name' | 'email'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.txHost.tx.getRepository(UserEntity).find({
      select: { id: true, userid: true, name: true, email: true },
      where: { id: In(ids) },
    });
  }

  getByUserid(userid: number): Promise<User | null> {
    return this.one('userid = $1', userid);
  }

  getByEmail(email: string): Promise<User | null> {
    return this.one('lower(email) = lower($1)', email);
  }

  getByEmailWithPassword(email: string): Promise<User | null> {
    return this.one('lower(email) = lower($1)', email, `${USER_COLUMNS}, password_hash`);
  }

  getByMobile(mobilenumber: string): Promise<User | null> {
    return this.one('mobilenumber = $1', mobilenumber);
  }

  getByGoogleSub(googleSub: string): Promise<User | null> {
    return this.one('google_sub = $1', googleSub);
  }

  async emailOrMobileTaken(email: string, mobilenumber: string) {
    const rows: Array<{ email_taken: boolean; mobile_taken: boolean }> = await this.txHost.tx.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) AS email_taken,
                EXISTS (SELECT 1 FROM users WHERE mobilenumber = $2) AS mobile_taken`,
      [email, mobilenumber],
    );
    return { emailTaken: rows[0].email_taken, mobileTaken: rows[0].mobile_taken };
  }

  async create(input: NewUser): Promise<User> {
    const rows: UserRow[] = await this.txHost.tx.query(
      `INSERT INTO users (name, email, mobilenumber, password_hash, role, verified, google_sub)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${USER_COLUMNS}`,
      [
        input.name,
        input.email,
        input.mobilenumber,
        input.passwordHash,
        input.role ?? Role.User,
        input.verified ?? false,
        input.googleSub ?? null,
      ],
    );
    return mapUserRow(rows[0]);
  }

  /**
   * The columns the auth guard needs on every request, in one indexed read: what it checks (role,
   * token version, block) and who the caller is (name and contacts, so a handler need not read
   * the row again).
   */
  async getSession(id: string): Promise<UserSession | undefined> {
    const rows: UserSessionRow[] = await this.txHost.tx.query(
      'SELECT userid, role, token_version, is_blocked, name, email, mobilenumber FROM users WHERE id = $1',
      [id],
    );
    return rows[0] ? mapUserSessionRow(rows[0]) : undefined;
  }

  async updateName(id: string, name: string) {
    await this.txHost.tx.query('UPDATE users SET name = $2, updated_at = now() WHERE id = $1', [
      id,
      name,
    ]);
  }

  async markVerified(id: string) {
    await this.txHost.tx.query(
      'UPDATE users SET verified = true, updated_at = now() WHERE id = $1',
      [id],
    );
  }

  /** Claims the right to send a verification mail: at most one a minute per user. */
  async claimVerificationSend(id: string, now: Date): Promise<boolean> {
    const claimed = await guardedUpdate<{ id: string }>(
      this.txHost.tx,
      `UPDATE users SET verification_sent_at = $2, updated_at = now()
       WHERE id = $1 AND (verification_sent_at IS NULL OR verification_sent_at <= $3)
       RETURNING id`,
      [id, now, new Date(now.getTime() - 60_000)],
    );
    return claimed !== undefined;
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
    await this.txHost.tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      id,
      passwordHash,
    ]);
  }

  async hasAny() {
    const rows: unknown[] = await this.txHost.tx.query('SELECT 1 FROM users LIMIT 1');
    return rows.length > 0;
  }

  /**
   * Links a Google identity and marks the e-mail verified. An account whose e-mail was never
   * verified may have been opened by someone else in the owner's name (pre-account takeover):
   * its password and mobile number were set by whoever registered it, so the link drops both
   * and ends its sessions; the owner signs in with Google and may set a password by a reset.
   * False when the account was linked meanwhile.
   */
  async linkGoogle(id: string, googleSub: string): Promise<boolean> {
    const linked = await guardedUpdate<{ id: string }>(
      this.txHost.tx,
      `UPDATE users SET google_sub = $2, verified = true,
         password_hash = CASE WHEN verified THEN password_hash END,
         mobilenumber = CASE WHEN verified THEN mobilenumber END,
         token_version = token_version + CASE WHEN verified THEN 0 ELSE 1 END,
         updated_at = now()
       WHERE id = $1 AND google_sub IS NULL
       RETURNING id`,
      [id, googleSub],
    );
    return linked !== undefined;
  }
}
