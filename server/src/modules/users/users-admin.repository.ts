import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import {
  choiceFilter,
  containsPattern,
  idFilter,
  textFilter,
} from '../../common/http/list-filters.js';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { DataSource, type QueryDeepPartialEntity } from 'typeorm';
import { Role } from '../../common/auth/role.js';
import { foldTally, tallyRows, type Tally } from '../../database/tallies.js';
import type { User } from './user.js';
import { emailContains } from './email-search.js';
import { UserEntity } from './user.entity.js';

const ROLES = Object.values(Role);

/** Users by whether they are guests, kept by the `users` triggers. */
const USER_TALLY: Tally = {
  table: 'user_tallies',
  changes: 'user_tally_changes',
  keys: ['guest'],
  sums: ['users'],
};

/** The console's sort fields, each one a property of the entity. */
const USER_SORT: Record<string, keyof UserEntity> = {
  userid: 'userid',
  name: 'name',
  email: 'email',
  role: 'role',
  createdAt: 'createdAt',
  balance: 'balance',
};

/** What an admin may change on a user. */
export type AdminUserChanges = Partial<
  Pick<User, 'name' | 'mobilenumber' | 'email' | 'role' | 'verified' | 'isBlocked'>
>;

/** The text of a bigint userid as PostgreSQL prints it: no sign, no leading zero. */
const CANONICAL_USERID = /^[1-9][0-9]{0,17}$/;

/** The console's user reads and writes. */
@Injectable()
export class UsersAdminRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly db: DataSource,
  ) {}

  private get users() {
    return this.txHost.tx.getRepository(UserEntity);
  }

  async list(query: ListQuery): Promise<{ users: User[]; total: number }> {
    const users = this.users.createQueryBuilder('user');
    const ids = idFilter(query.filter);
    if (ids) users.andWhere('user.id = ANY(:ids::uuid[])', { ids });
    const roles = choiceFilter(query.filter, 'role', ROLES);
    if (roles) users.andWhere('user.role = ANY(:roles::user_role[])', { roles });
    const blocked = textFilter(query.filter, 'isBlocked');
    if (blocked !== undefined) {
      users.andWhere('user.isBlocked = :blocked', { blocked: blocked === 'true' });
    }
    const q = textFilter(query.filter, 'q');
    if (q) {
      // `userid = n` only for the digits a userid prints as, so each arm can use its index.
      const email = emailContains('user', q);
      users.andWhere(
        `(user.name ILIKE :pattern OR ${email.where} OR user.mobilenumber LIKE :pattern OR user.userid = :userid::bigint)`,
        {
          pattern: containsPattern(q),
          userid: CANONICAL_USERID.test(q) ? q : null,
          ...email.parameters,
        },
      );
    }
    const sort = USER_SORT[query.sortField] ?? 'userid';
    users.orderBy(`user.${sort}`, query.sortOrder);
    if (sort !== 'userid') users.addOrderBy('user.userid', 'ASC');
    const [page, total] = await users.limit(query.limit).offset(query.offset).getManyAndCount();
    return { users: page, total };
  }

  /** Spec 002's numbered pages, in `userid` order, with the exact total from the running tally. */
  async page(offset: number, limit: number): Promise<{ users: User[]; total: number }> {
    const users = this.users.createQueryBuilder('user');
    // The page's userids from the index alone first: a deep page skips index entries, not rows.
    const pageUserids = users
      .subQuery()
      .select('paged.userid')
      .from(UserEntity, 'paged')
      .orderBy('paged.userid', 'ASC')
      .limit(limit)
      .offset(offset)
      .getQuery();
    const page = await users
      .where(`user.userid IN ${pageUserids}`)
      .orderBy('user.userid', 'ASC')
      .getMany();
    await foldTally(this.db, USER_TALLY);
    const [{ total }] = await this.db.query<Array<{ total: number }>>(
      `SELECT coalesce(sum(users), 0)::int AS total FROM ${tallyRows(USER_TALLY)} tally`,
    );
    return { users: page, total };
  }

  async get(id: string): Promise<User | undefined> {
    return (await this.users.findOneBy({ id })) ?? undefined;
  }

  /** Writes `changes`; `endSessions` also bumps the token version, signing the user out. */
  async update(id: string, changes: AdminUserChanges, endSessions: boolean) {
    const set: QueryDeepPartialEntity<UserEntity> = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    );
    if (endSessions) set.tokenVersion = () => 'token_version + 1';
    if (Object.keys(set).length === 0) return;
    await this.users.update(id, { ...set, updatedAt: () => 'now()' });
  }
}
