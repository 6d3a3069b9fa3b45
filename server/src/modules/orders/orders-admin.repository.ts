import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TextSearch } from '../../common/http/list-filters.js';
import { entityFromRow } from '../../database/entity-rows.js';
import { pageSql, SqlWhere } from '../../database/sql-where.js';
import { seekNewestPage, foldTally, tallyRows, type Tally } from '../../database/tallies.js';
import type { OrderStatus } from './order-state.js';
import { OrderEntity } from './order.entity.js';
import type { Order } from './order.js';

/** Order counts by status, and what the completed ones were paid (paise). */
export interface OrderStats {
  totalOrder: number;
  completed: number;
  refunded: number;
  processing: number;
  totalSale: number;
}

/** One India day's completed orders: `date` is YYYY-MM-DD, `total` paise. */
export interface SalesDay {
  date: string;
  total: number;
  orders: number;
}

/** Orders per India day placed and status, kept by the `orders` triggers. */
const ORDER_TALLY: Tally = {
  table: 'order_tallies',
  changes: 'order_tally_changes',
  keys: ['day', 'status'],
  sums: ['orders', 'value'],
};

export interface OrderListFilter {
  ids?: string[];
  orderids?: string[];
  userId?: string;
  q?: TextSearch;
  status?: OrderStatus[];
  paymentmode?: Array<'upi' | 'wallet'>;
  updatedFrom?: Date;
  updatedUntil?: Date;
  /** Only the orders placed by guests (without an account). */
  guest?: true;
}

/** The sortable fields of the console's order table, by the column each one reads. */
export const ORDER_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  orderid: 'orderid',
  status: 'status',
  value: 'value',
  useremail: 'useremail',
  userid: 'userid',
  productname: 'productname',
  paymentmode: 'paymentmode',
};

/** The admin's reads of `orders`: statistics, the pending queue and the filtered lists. */
@Injectable()
export class OrdersAdminRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * From the running tallies the `orders` triggers keep (exact, without counting the table).
   * SQL: sums over the folded tally and its pending changes together.
   */
  async stats(): Promise<OrderStats> {
    await foldTally(this.db, ORDER_TALLY);
    // Sums of paise are far below 2^53: read as float8 they arrive as exact numbers.
    const [stats] = await this.db.query<OrderStats[]>(
      `SELECT coalesce(sum(orders), 0)::int AS "totalOrder",
              coalesce(sum(orders) FILTER (WHERE status = 'Completed'), 0)::int AS completed,
              coalesce(sum(orders) FILTER (WHERE status = 'Refunded'), 0)::int AS refunded,
              coalesce(sum(orders) FILTER (WHERE status = 'Processing'), 0)::int AS processing,
              coalesce(sum(value) FILTER (WHERE status = 'Completed'), 0)::float8 AS "totalSale"
       FROM ${tallyRows(ORDER_TALLY)} tally`,
    );
    return stats;
  }

  /**
   * Completed orders per India day placed, for the `days` days ending `lastDay` (YYYY-MM-DD),
   * oldest first, every day present; from the running tallies (SQL: a report over a day series).
   */
  salesByDay(lastDay: string, days: number): Promise<SalesDay[]> {
    return this.db.query<SalesDay[]>(
      `WITH span AS (
         SELECT generate_series($1::date - ($2::int - 1), $1::date, interval '1 day')::date AS day
       ),
       sales AS (
         SELECT day, sum(value) AS total, sum(orders)::int AS orders
         FROM ${tallyRows(ORDER_TALLY)} tally
         WHERE status = 'Completed' AND day BETWEEN $1::date - ($2::int - 1) AND $1::date
         GROUP BY day
       )
       SELECT to_char(span.day, 'YYYY-MM-DD') AS date, coalesce(sales.total, 0)::float8 AS total,
              coalesce(sales.orders, 0) AS orders
       FROM span LEFT JOIN sales ON sales.day = span.day
       ORDER BY span.day`,
      [lastDay, days],
    );
  }

  /**
   * Orders by status (from the tallies) and the `Processing` ones by delivery status (from
   * the status index: a store keeps few orders open), for the metrics page.
   */
  async statusCounts(): Promise<{
    byStatus: Array<{ status: string; orders: number }>;
    processing: Array<{ deliveryStatus: string; orders: number }>;
  }> {
    await foldTally(this.db, ORDER_TALLY);
    const [byStatus, processing] = await Promise.all([
      this.db.query<Array<{ status: string; orders: number }>>(
        `SELECT status::text AS status, sum(orders)::float8 AS orders
         FROM ${tallyRows(ORDER_TALLY)} tally GROUP BY status`,
      ),
      this.db.query<Array<{ deliveryStatus: string; orders: number }>>(
        `SELECT delivery_status AS "deliveryStatus", count(*)::float8 AS orders
         FROM orders WHERE status = 'Processing' GROUP BY delivery_status`,
      ),
    ]);
    return { byStatus: byStatus.filter((row) => row.orders > 0), processing };
  }

  processing(limit: number): Promise<Order[]> {
    return this.db.getRepository(OrderEntity).find({
      where: { status: 'Processing' },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  async getById(id: string): Promise<Order | undefined> {
    return (await this.db.getRepository(OrderEntity).findOneBy({ id })) ?? undefined;
  }

  /**
   * SQL: filters, the tally's exact count and a page the builder cannot express; `after` (the
   * id of the previous page's last row) makes the page a keyset seek from that row.
   */
  async list(
    filter: OrderListFilter,
    sort: { column: string; order: 'ASC' | 'DESC' },
    offset: number,
    limit: number,
    after?: string,
  ): Promise<{ rows: Order[]; total: number }> {
    const where = new SqlWhere();
    if (filter.ids) where.and('id = ANY($?::uuid[])', filter.ids);
    if (filter.orderids) where.and('orderid = ANY($?::text[])', filter.orderids);
    if (filter.userId) where.and('user_id = $?', filter.userId);
    if (filter.q?.userids) {
      // Each part reads an index (b-tree ranges and the customers' newest-first index).
      where.and(
        `(lower(orderid) LIKE $? OR lower(transactionid) LIKE $? OR lower(useremail) LIKE $?
          OR userid = ANY($?::bigint[]))`,
        filter.q.prefix,
        filter.q.prefix,
        filter.q.prefix,
        filter.q.userids,
      );
    } else if (filter.q) {
      where.and(
        '(orderid ILIKE $? OR transactionid ILIKE $? OR useremail ILIKE $?)',
        filter.q.contains,
        filter.q.contains,
        filter.q.contains,
      );
    }
    if (filter.status) where.oneOf('status', 'order_status', filter.status);
    if (filter.paymentmode) where.and('paymentmode = ANY($?::text[])', filter.paymentmode);
    if (filter.updatedFrom) where.and('updated_at >= $?', filter.updatedFrom);
    if (filter.updatedUntil) where.and('updated_at < $?', filter.updatedUntil);
    if (filter.guest) where.and('guest');

    const onlyStatus = Object.entries(filter).every(
      ([key, value]) => key === 'status' || value === undefined,
    );
    const onlyDates = Object.entries(filter).every(
      ([key, value]) => key === 'updatedFrom' || key === 'updatedUntil' || value === undefined,
    );
    const unfiltered = where.toString() === '';
    const newestFirst = sort.column === 'created_at' && sort.order === 'DESC';
    if (onlyStatus) await foldTally(this.db, ORDER_TALLY);
    // A date range also counts its rows placed since its start, from the same index entries.
    const countFrom = onlyDates && filter.updatedFrom !== undefined;
    const placedFromSql = countFrom
      ? `count(*) FILTER (WHERE created_at >= $${where.params.length + 1})::int`
      : '0';
    const [{ total, placedFrom }] = await this.db.query<
      Array<{ total: number; placedFrom: number }>
    >(
      onlyStatus
        ? `SELECT coalesce(sum(orders), 0)::int AS total FROM ${tallyRows(ORDER_TALLY)} tally ${where}`
        : `SELECT count(*)::int AS total, ${placedFromSql} AS "placedFrom" FROM orders ${where}`,
      countFrom ? [...where.params, filter.updatedFrom] : where.params,
    );
    const seek = newestFirst
      ? await seekNewestPage(this.db, ORDER_TALLY, where, {
          offset,
          limit,
          keyset: after !== undefined,
          unfiltered,
          tallied: onlyStatus,
          onlyDates,
          placedFrom,
          range: { from: filter.updatedFrom, until: filter.updatedUntil },
        })
      : { skip: offset, walkSort: false };
    if (!seek) return { rows: [], total };
    const { skip, walkSort } = seek;
    // Every sortable column of `orders` is NOT NULL, so any sort can seek.
    const rows: Array<Record<string, unknown>> = await this.db.query(
      pageSql('orders', where, sort.column, sort.order, total, limit, skip, {
        after,
        seekable: true,
        walkSort,
      }),
      where.params,
    );
    return {
      rows: rows.map((row) => entityFromRow(this.db.manager, OrderEntity, row)),
      total,
    };
  }
}
