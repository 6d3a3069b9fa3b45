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
import { SqlWhere } from '../../database/sql-where.js';
import { Role } from './role.js';
import { mapUserRow, USER_COLUMNS, type User, type UserRow } from './user.js';

const ROLES = Object.values(Role);

/** The console's sort fields and their columns. */
const USER_SORT: Record<string, string> = {
  userid: 'userid',
  name: 'name',
  email: 'email',
  role: 'role',
  createdAt: 'created_at',
  balance: 'balance',
};

/** What an admin may change on a user, and the column each change writes. */
export type AdminUserChanges = Partial<
  Pick<User, 'name' | 'mobilenumber' | 'email' | 'role' | 'verified' | 'isBlocked'>
>;

const CHANGE_COLUMNS: Record<keyof AdminUserChanges, string> = {
  name: 'name',
  mobilenumber: 'mobilenumber',
  email: 'email',
  role: 'role',
  verified: 'verified',
  isBlocked: 'is_blocked',
};

/** The text of a bigint userid as PostgreSQL prints it: no sign, no leading zero. */
const CANONICAL_USERID = /^[1-9][0-9]{0,17}$/;

/** The console's user reads and writes. */
@Injectable()
export class UsersAdminRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async list(query: ListQuery): Promise<{ users: User[]; total: number }> {
    const filter = new SqlWhere();
    const ids = idFilter(query.filter);
    if (ids) filter.and('id = ANY($?::uuid[])', ids);
    const roles = choiceFilter(query.filter, 'role', ROLES);
    if (roles) filter.and('role = ANY($?::user_role[])', roles);
    const blocked = textFilter(query.filter, 'isBlocked');
    if (blocked !== undefined) filter.and('is_blocked = $?', blocked === 'true');
    const q = textFilter(query.filter, 'q');
    if (q) {
      const pattern = containsPattern(q);
      // `userid = n` only for the digits a userid prints as, so each arm can use its index.
      const userid = CANONICAL_USERID.test(q) ? q : null;
      filter.and(
        '(name ILIKE $? OR email ILIKE $? OR mobilenumber LIKE $? OR userid = $?::bigint)',
        pattern,
        pattern,
        pattern,
        userid,
      );
    }
    const page = filter.page(query.limit, query.offset);
    const order = `${USER_SORT[query.sortField] ?? 'userid'} ${query.sortOrder}, userid`;
    const [rows, [{ total }]] = await Promise.all([
      this.txHost.tx.query<UserRow[]>(
        `SELECT ${USER_COLUMNS} FROM users ${filter} ORDER BY ${order} ${page.sql}`,
        page.params,
      ),
      this.txHost.tx.query<[{ total: number }]>(
        `SELECT count(*)::int AS total FROM users ${filter}`,
        filter.params,
      ),
    ]);
    return { users: rows.map(mapUserRow), total };
  }

  /** Spec 002's numbered pages, in `userid` order. */
  async page(offset: number, limit: number): Promise<{ users: User[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.txHost.tx.query<UserRow[]>(
        // The page's userids from the index alone first: a deep page skips index entries, not rows.
        `SELECT ${USER_COLUMNS} FROM users
         WHERE userid IN (SELECT userid FROM users ORDER BY userid ASC LIMIT $1 OFFSET $2)
         ORDER BY userid ASC`,
        [limit, offset],
      ),
      this.txHost.tx.query<[{ total: number }]>('SELECT count(*)::int AS total FROM users'),
    ]);
    return { users: rows.map(mapUserRow), total };
  }

  async get(id: string): Promise<User | undefined> {
    const rows: UserRow[] = await this.txHost.tx.query(
      `SELECT ${USER_COLUMNS} FROM users WHERE id = $1`,
      [id],
    );
    return rows[0] ? mapUserRow(rows[0]) : undefined;
  }

  /** Writes `changes`; `endSessions` also bumps the token version, signing the user out. */
  async update(id: string, changes: AdminUserChanges, endSessions: boolean) {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${CHANGE_COLUMNS[field as keyof AdminUserChanges]} = $${params.length}`);
    }
    if (endSessions) sets.push('token_version = token_version + 1');
    if (!sets.length) return;
    await this.txHost.tx.query(
      `UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`,
      params,
    );
  }
}
