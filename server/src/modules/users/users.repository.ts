import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { guardedUpdate } from '../../database/transactions.js';
import { Role } from '../../common/auth/role.js';
import type { Language } from '../../common/i18n/language.js';
import type { User, UserSession } from './user.js';
import { emailContains } from './email-search.js';
import { UserEntity } from './user.entity.js';

export interface NewUser {
  name: string;
  email: string;
  mobilenumber: string | null;
  passwordHash: string | null;
  role?: Role;
  verified?: boolean;
  googleSub?: string | null;
  /** The language the account was registered in (the request's `Accept-Language`). */
  language?: Language;
}

/** A guest checkout's contacts, the state it gave and the language it was placed in. */
export interface GuestContact {
  email: string;
  mobilenumber: string;
  stateCode: string;
  language: Language;
}

@Injectable()
export class UsersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get users() {
    return this.txHost.tx.getRepository(UserEntity);
  }

  getById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
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
    return this.users.findOneBy({ userid });
  }

  /** The userids of up to `limit` users whose e-mail contains `text` (any case). */
  async useridsWithEmailContaining(text: string, limit: number): Promise<number[]> {
    const email = emailContains('user', text);
    const rows = await this.users
      .createQueryBuilder('user')
      .select('user.userid', 'userid')
      .where(email.where, email.parameters)
      .limit(limit)
      .getRawMany<{ userid: string }>();
    return rows.map((row) => Number(row.userid));
  }

  /** An account's e-mail, whatever its case (the unique index is on `lower(email)`); never a guest. */
  private byEmail(email: string) {
    return this.users
      .createQueryBuilder('user')
      .where('lower(user.email) = lower(:email)', { email })
      .andWhere('NOT user.guest');
  }

  getByEmail(email: string): Promise<User | null> {
    return this.byEmail(email).getOne();
  }

  getByEmailWithPassword(email: string): Promise<User | null> {
    return this.byEmail(email).addSelect('user.passwordHash').getOne();
  }

  getByMobile(mobilenumber: string): Promise<User | null> {
    return this.users.findOneBy({ mobilenumber, guest: false });
  }

  getByGoogleSub(googleSub: string): Promise<User | null> {
    return this.users.findOneBy({ googleSub });
  }

  async emailOrMobileTaken(email: string, mobilenumber: string) {
    const emailTaken = await this.byEmail(email).getExists();
    const mobileTaken = await this.users.existsBy({ mobilenumber, guest: false });
    return { emailTaken, mobileTaken };
  }

  async create(input: NewUser): Promise<User> {
    const { identifiers } = await this.users.insert({
      name: input.name,
      email: input.email,
      mobilenumber: input.mobilenumber,
      passwordHash: input.passwordHash,
      role: input.role ?? Role.User,
      verified: input.verified ?? false,
      googleSub: input.googleSub ?? null,
      language: input.language ?? 'en',
    });
    return this.users.findOneByOrFail({ id: identifiers[0].id as string });
  }

  /**
   * The columns the auth guard needs on every request, in one indexed read: what it checks (role,
   * token version, block) and who the caller is (name and contacts, so a handler need not read
   * the row again). Typed SQL: it runs before every signed-in request, and `findOne` builds and
   * maps a query on each call at several times the cost.
   */
  async getSession(id: string): Promise<UserSession | undefined> {
    const rows: Array<Omit<UserSession, 'userid'> & { userid: string }> =
      await this.txHost.tx.query(
        `SELECT userid, role, token_version AS "tokenVersion", is_blocked AS "isBlocked", name, email,
              mobilenumber, state_code AS "stateCode", gstin
       FROM users WHERE id = $1 AND NOT guest`,
        [id],
      );
    // A guest never holds a session, whatever a token says.
    return rows[0] && { ...rows[0], userid: Number(rows[0].userid) };
  }

  /**
   * The guest row of an e-mail and mobile pair, made on its first order; the state is the one
   * given last, and so is the language (one write, only when either changed). A concurrent first
   * order of the same pair meets the unique index and reads the row.
   */
  async guestFor(contact: GuestContact) {
    const found = () =>
      this.users
        .createQueryBuilder('user')
        .where('user.guest AND user.mobilenumber = :mobile', { mobile: contact.mobilenumber })
        .andWhere('lower(user.email) = lower(:email)', { email: contact.email })
        .getOne();
    await this.users
      .createQueryBuilder()
      .insert()
      .values({
        name: 'Guest',
        email: contact.email,
        mobilenumber: contact.mobilenumber,
        passwordHash: null,
        role: Role.User,
        guest: true,
        stateCode: contact.stateCode,
        language: contact.language,
      })
      .orIgnore()
      .execute();
    const guest = (await found())!;
    if (guest.stateCode !== contact.stateCode || guest.language !== contact.language) {
      await this.users.update(guest.id, {
        stateCode: contact.stateCode,
        language: contact.language,
      });
      guest.stateCode = contact.stateCode;
      guest.language = contact.language;
    }
    return guest;
  }

  /** The guest rows an account has proven: its mobile, or its e-mail; locked for the move. */
  guestsOf(proven: { mobilenumber: string | null; email: string | null }): Promise<User[]> {
    if (!proven.mobilenumber && !proven.email) return Promise.resolve([]);
    return this.users
      .createQueryBuilder('user')
      .where('user.guest')
      .andWhere('(user.mobilenumber = :mobile OR lower(user.email) = lower(:email))', {
        mobile: proven.mobilenumber ?? '',
        email: proven.email ?? '',
      })
      .orderBy('user.userid')
      .setLock('pessimistic_write')
      .getMany();
  }

  /** The name, and the GST state and GSTIN where given (undefined leaves them as they are). */
  async updateProfile(
    id: string,
    profile: { name: string; stateCode?: string; gstin?: string | null },
  ) {
    await this.users.update(id, {
      name: profile.name,
      ...(profile.stateCode !== undefined ? { stateCode: profile.stateCode } : {}),
      ...(profile.gstin !== undefined ? { gstin: profile.gstin } : {}),
      updatedAt: () => 'now()',
    });
  }

  async setLanguage(id: string, language: Language) {
    await this.users.update({ id, guest: false }, { language });
  }

  async markVerified(id: string) {
    await this.users.update(id, { verified: true, updatedAt: () => 'now()' });
  }

  /** Claims the right to send a verification mail: at most one a minute per user. */
  async claimVerificationSend(id: string, now: Date): Promise<boolean> {
    const { affected } = await this.users
      .createQueryBuilder()
      .update()
      .set({ verificationSentAt: now, updatedAt: () => 'now()' })
      .where('id = :id', { id })
      .andWhere('(verification_sent_at IS NULL OR verification_sent_at <= :lastAllowed)', {
        lastAllowed: new Date(now.getTime() - 60_000),
      })
      .execute();
    return affected === 1;
  }

  /** Sets a new password and ends every session the user has (token version bump). */
  async setPassword(id: string, passwordHash: string) {
    await this.users.update(id, {
      passwordHash,
      tokenVersion: () => 'token_version + 1',
      updatedAt: () => 'now()',
    });
  }

  /** Stores a stronger hash of the same password; sessions stay. */
  async replacePasswordHash(id: string, passwordHash: string) {
    await this.users.update(id, { passwordHash });
  }

  hasAny() {
    return this.users.exists();
  }

  /**
   * Links a Google identity and marks the e-mail verified. An account whose e-mail was never
   * verified may have been opened by someone else in the owner's name (pre-account takeover):
   * its password and mobile number were set by whoever registered it, so the link drops both
   * and ends its sessions; the owner signs in with Google and may set a password by a reset.
   * False when the account was linked meanwhile.
   */
  async linkGoogle(id: string, googleSub: string): Promise<boolean> {
    // SQL: one guarded statement whose every column depends on the row's own `verified`.
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
