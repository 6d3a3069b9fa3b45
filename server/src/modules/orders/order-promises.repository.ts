import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityFromRow } from '../../database/entity-rows.js';
import { foldTally, tallyRows, type Tally } from '../../database/tallies.js';
import { guardedUpdate } from '../../database/transactions.js';
import type { OrderStatus } from './order-state.js';
import { OrderEntity } from './order.entity.js';
import type { Order } from './order.js';

/** Promises kept and missed per India day of payment, supplier and product (the trigger's). */
const PROMISE_TALLY: Tally = {
  table: 'promise_tallies',
  changes: 'promise_tally_changes',
  keys: ['day', 'supplier', 'product_id', 'product_name'],
  sums: ['ended', 'late', 'compensated', 'compensation'],
};

/** A missed promise the admin is told about. */
export interface MissedPromise {
  orderid: string;
  productName: string;
  itemName: string;
  supplier: string;
  /** Paise. */
  compensation: number;
}

/** One row of the promise report: `compensation` in paise. */
export interface PromiseRow {
  day: string;
  supplier: string;
  productId: string;
  productName: string;
  ended: number;
  late: number;
  compensated: number;
  compensation: number;
}

/** The reads and guarded writes of the delivery guarantee on `orders`. */
@Injectable()
export class OrderPromisesRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly db: DataSource,
  ) {}

  /** Paid orders still open past their promise and not compensated, oldest due first. */
  async overdue(now: Date, limit: number): Promise<string[]> {
    const rows: Array<{ orderid: string }> = await this.txHost.tx.query(
      `SELECT orderid FROM orders
       WHERE status = 'Processing' AND promise_due_at IS NOT NULL AND promise_due_at < $1
         AND compensation IS NULL
       ORDER BY promise_due_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => row.orderid);
  }

  /** Paid orders still open that were paid before `paidBefore` (the hard deadline). */
  async pastDeadline(paidBefore: Date, limit: number): Promise<string[]> {
    const rows: Array<{ orderid: string }> = await this.txHost.tx.query(
      `SELECT orderid FROM orders
       WHERE status = 'Processing' AND promise_due_at IS NOT NULL AND paid_at < $1
         AND delivery_status IS DISTINCT FROM 'in_progress'
       ORDER BY promise_due_at LIMIT $2`,
      [paidBefore, limit],
    );
    return rows.map((row) => row.orderid);
  }

  /**
   * The guarded write of a missed promise: once per order, only past its due time and only
   * while the order is in one of `statuses`; the compensation is `percent` of what the order
   * paid when above 0, else `paise`, never more than it paid. Undefined when it does not apply.
   */
  async markCompensated(
    orderid: string,
    now: Date,
    statuses: OrderStatus[],
    rule: { percent: number; paise: number },
  ): Promise<Order | undefined> {
    const row = await guardedUpdate<Record<string, unknown>>(
      this.txHost.tx,
      `UPDATE orders SET compensated_at = $2,
         compensation = least(value, CASE WHEN $4::int > 0 THEN value * $4::int / 100 ELSE $5::bigint END)
       WHERE orderid = $1 AND compensation IS NULL AND promise_due_at < $2
         AND status = ANY($3::order_status[])
       RETURNING *`,
      [orderid, now, statuses, rule.percent, rule.paise],
    );
    return row && entityFromRow(this.txHost.tx, OrderEntity, row);
  }

  /** Claims up to `limit` missed promises the admin was not told of yet (one claimer each). */
  async claimUntold(limit: number): Promise<MissedPromise[]> {
    const [claimed] = await this.db.query<[MissedPromise[], number]>(
      `UPDATE orders SET promise_told_at = now()
       WHERE id IN (SELECT id FROM orders WHERE compensated_at IS NOT NULL AND promise_told_at IS NULL
                    ORDER BY compensated_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING orderid, productname AS "productName", itemname AS "itemName",
         compensation::float8 AS compensation,
         CASE WHEN NOT is_api THEN 'manual' WHEN api_type LIKE 'SMILE%' THEN 'smileone'
              WHEN api_type LIKE 'MOOGOLD%' THEN 'moogold' ELSE lower(coalesce(api_type, 'api')) END AS supplier`,
      [limit],
    );
    return claimed;
  }

  /**
   * The report of promises over the India days `[from, to]` (YYYY-MM-DD), per day, supplier and
   * product. SQL: sums over the folded tally and its pending changes, by its key's range.
   */
  async report(from: string, to: string): Promise<PromiseRow[]> {
    await foldTally(this.db, PROMISE_TALLY);
    return this.db.query<PromiseRow[]>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, supplier, product_id AS "productId",
              product_name AS "productName", sum(ended)::float8 AS ended, sum(late)::float8 AS late,
              sum(compensated)::float8 AS compensated, sum(compensation)::float8 AS compensation
       FROM ${tallyRows(PROMISE_TALLY)} t
       WHERE day BETWEEN $1::date AND $2::date
       GROUP BY day, supplier, product_id, product_name
       ORDER BY day, supplier, product_name`,
      [from, to],
    );
  }
}
