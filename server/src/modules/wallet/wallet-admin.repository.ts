import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TextSearch } from '../../common/http/list-filters.js';
import { pageSql, SqlWhere } from '../../database/sql-where.js';
import { seekNewestPage, foldTally, tallyRows, type Tally } from '../../database/tallies.js';
import type { WalletTxnStatus, WalletTxnType } from './wallet.repository.js';
import { entityFromRow } from '../../database/entity-rows.js';
import { WalletTransactionEntity, type WalletTxn } from './wallet-transaction.entity.js';

/** Wallet transactions per type and status, kept by the `wallet_transactions` triggers. */
const WALLET_TXN_TALLY: Tally = {
  table: 'wallet_transaction_tallies',
  changes: 'wallet_transaction_tally_changes',
  keys: ['type', 'status'],
  sums: ['transactions'],
};

/**
 * Wallet transactions per India day made, type and status, for the day a page by number starts
 * on (of the whole list or of a type and status filter).
 */
const WALLET_TXN_DAY_TALLY: Tally = {
  table: 'wallet_transaction_day_tallies',
  changes: 'wallet_transaction_day_tally_changes',
  keys: ['day', 'type', 'status'],
  sums: ['transactions'],
};

export interface WalletTxnListFilter {
  ids?: string[];
  q?: TextSearch;
  type?: WalletTxnType[];
  status?: WalletTxnStatus[];
  orderid?: string;
  updatedFrom?: Date;
  updatedUntil?: Date;
}

/** The sortable fields of the console's wallet table, by the column each one reads. */
export const WALLET_TXN_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  txnid: 'txnid',
  type: 'type',
  status: 'status',
  amount: 'amount',
  orderid: 'orderid',
  userid: 'userid',
  useremail: 'useremail',
};

/** Sort columns that may hold NULL: their pages are found by offset, not by a keyset seek. */
const NULLABLE_SORT_COLUMNS = new Set(['orderid']);

/** The admin's reads of `wallet_transactions`. */
@Injectable()
export class WalletAdminRepository {
  constructor(private readonly db: DataSource) {}

  async getById(id: string): Promise<WalletTxn | undefined> {
    return (await this.db.manager.findOneBy(WalletTransactionEntity, { id })) ?? undefined;
  }

  /** A filtered, sorted page; `after` (the previous page's last id) seeks instead of skipping. */
  async list(
    filter: WalletTxnListFilter,
    sort: { column: string; order: 'ASC' | 'DESC' },
    offset: number,
    limit: number,
    after?: string,
  ): Promise<{ rows: WalletTxn[]; total: number }> {
    const where = new SqlWhere();
    if (filter.ids) where.and('id = ANY($?::uuid[])', filter.ids);
    if (filter.q?.userids) {
      where.and(
        '(lower(txnid) LIKE $? OR lower(useremail) LIKE $? OR userid = ANY($?::bigint[]))',
        filter.q.prefix,
        filter.q.prefix,
        filter.q.userids,
      );
    } else if (filter.q) {
      where.and('(txnid ILIKE $? OR useremail ILIKE $?)', filter.q.contains, filter.q.contains);
    }
    if (filter.type) where.oneOf('type', 'wallet_txn_type', filter.type);
    if (filter.status) where.oneOf('status', 'wallet_txn_status', filter.status);
    if (filter.orderid) where.and('orderid ILIKE $?', filter.orderid);
    if (filter.updatedFrom) where.and('updated_at >= $?', filter.updatedFrom);
    if (filter.updatedUntil) where.and('updated_at < $?', filter.updatedUntil);

    const onlyTypeAndStatus = Object.entries(filter).every(
      ([key, value]) => key === 'type' || key === 'status' || value === undefined,
    );
    const onlyDates = Object.entries(filter).every(
      ([key, value]) => key === 'updatedFrom' || key === 'updatedUntil' || value === undefined,
    );
    const unfiltered = where.toString() === '';
    const newestFirst = sort.column === 'created_at' && sort.order === 'DESC';
    if (onlyTypeAndStatus) await foldTally(this.db, WALLET_TXN_TALLY);
    // A date range also counts its rows made since its start, from the same index entries.
    const countFrom = onlyDates && filter.updatedFrom !== undefined;
    const placedFromSql = countFrom
      ? `count(*) FILTER (WHERE created_at >= $${where.params.length + 1})::int`
      : '0';
    const [{ total, placedFrom }] = await this.db.query<
      Array<{ total: number; placedFrom: number }>
    >(
      onlyTypeAndStatus
        ? `SELECT coalesce(sum(transactions), 0)::int AS total FROM ${tallyRows(WALLET_TXN_TALLY)} tally ${where}`
        : `SELECT count(*)::int AS total, ${placedFromSql} AS "placedFrom" FROM wallet_transactions ${where}`,
      countFrom ? [...where.params, filter.updatedFrom] : where.params,
    );
    const seek = newestFirst
      ? await seekNewestPage(this.db, WALLET_TXN_DAY_TALLY, where, {
          offset,
          limit,
          keyset: after !== undefined,
          unfiltered,
          tallied: onlyTypeAndStatus,
          onlyDates,
          placedFrom,
          range: { from: filter.updatedFrom, until: filter.updatedUntil },
        })
      : { skip: offset, walkSort: false };
    if (!seek) return { rows: [], total };
    const { skip, walkSort } = seek;
    const rows: Array<Record<string, unknown>> = await this.db.query(
      pageSql('wallet_transactions', where, sort.column, sort.order, total, limit, skip, {
        after,
        seekable: !NULLABLE_SORT_COLUMNS.has(sort.column),
        walkSort,
      }),
      where.params,
    );
    return {
      rows: rows.map((row) => entityFromRow(this.db.manager, WalletTransactionEntity, row)),
      total,
    };
  }
}
