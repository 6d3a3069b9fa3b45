import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { pageSql, SqlWhere } from '../../database/sql-where.js';
import { foldTally, tallyRows, type Tally } from '../../database/tallies.js';
import type { OrderStatus } from './order-state.js';
import { mapOrderRow, type Order, type OrderRow } from './order.js';

interface OrderStatsRow {
  total_order: number;
  completed: number;
  refunded: number;
  processing: number;
  total_sale: string;
}

/** Order counts by status, and what the completed ones were paid (paise). */
export interface OrderStats {
  totalOrder: number;
  completed: number;
  refunded: number;
  processing: number;
  totalSale: number;
}

interface SalesDayRow {
  date: string;
  total: string;
  orders: number;
}

/** One India day's completed orders: `date` is YYYY-MM-DD, `total` paise. */
export interface SalesDay {
  date: string;
  total: number;
  orders: number;
}

function mapOrderStatsRow(row: OrderStatsRow): OrderStats {
  return {
    totalOrder: row.total_order,
    completed: row.completed,
    refunded: row.refunded,
    processing: row.processing,
    totalSale: Number(row.total_sale),
  };
}

function mapSalesDayRow(row: SalesDayRow): SalesDay {
  return { date: row.date, total: Number(row.total), orders: row.orders };
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
  q?: string;
  status?: OrderStatus[];
  paymentmode?: Array<'upi' | 'wallet'>;
  updatedFrom?: Date;
  updatedUntil?: Date;
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

  /** From the running tallies the `orders` triggers keep (exact, without counting the table). */
  async stats(): Promise<OrderStats> {
    await foldTally(this.db, ORDER_TALLY);
    const rows: OrderStatsRow[] = await this.db.query(
      `SELECT coalesce(sum(orders), 0)::int AS total_order,
              coalesce(sum(orders) FILTER (WHERE status = 'Completed'), 0)::int AS completed,
              coalesce(sum(orders) FILTER (WHERE status = 'Refunded'), 0)::int AS refunded,
              coalesce(sum(orders) FILTER (WHERE status = 'Processing'), 0)::int AS processing,
              coalesce(sum(value) FILTER (WHERE status = 'Completed'), 0)::text AS total_sale
       FROM ${tallyRows(ORDER_TALLY)} tally`,
    );
    return mapOrderStatsRow(rows[0]);
  }

  /**
   * Completed orders per India day placed, for the `days` days ending `lastDay` (YYYY-MM-DD),
   * oldest first, every day present; from the running tallies.
   */
  async salesByDay(lastDay: string, days: number): Promise<SalesDay[]> {
    const rows: SalesDayRow[] = await this.db.query(
      `WITH span AS (
         SELECT generate_series($1::date - ($2::int - 1), $1::date, interval '1 day')::date AS day
       ),
       sales AS (
         SELECT day, sum(value) AS total, sum(orders)::int AS orders
         FROM ${tallyRows(ORDER_TALLY)} tally
         WHERE status = 'Completed' AND day BETWEEN $1::date - ($2::int - 1) AND $1::date
         GROUP BY day
       )
       SELECT to_char(span.day, 'YYYY-MM-DD') AS date, coalesce(sales.total, 0)::text AS total,
              coalesce(sales.orders, 0) AS orders
       FROM span LEFT JOIN sales ON sales.day = span.day
       ORDER BY span.day`,
      [lastDay, days],
    );
    return rows.map(mapSalesDayRow);
  }

  async processing(limit: number): Promise<Order[]> {
    const rows: OrderRow[] = await this.db.query(
      `SELECT * FROM orders WHERE status = 'Processing' ORDER BY created_at, id LIMIT $1`,
      [limit],
    );
    return rows.map(mapOrderRow);
  }

  async getById(id: string): Promise<Order | undefined> {
    const rows: OrderRow[] = await this.db.query('SELECT * FROM orders WHERE id = $1', [id]);
    return rows[0] && mapOrderRow(rows[0]);
  }

  async list(
    filter: OrderListFilter,
    sort: { column: string; order: 'ASC' | 'DESC' },
    offset: number,
    limit: number,
  ): Promise<{ rows: Order[]; total: number }> {
    const where = new SqlWhere();
    if (filter.ids) where.and('id = ANY($?::uuid[])', filter.ids);
    if (filter.q) {
      where.and(
        '(orderid ILIKE $? OR transactionid ILIKE $? OR useremail ILIKE $?)',
        filter.q,
        filter.q,
        filter.q,
      );
    }
    if (filter.status) where.and('status = ANY($?::order_status[])', filter.status);
    if (filter.paymentmode) where.and('paymentmode = ANY($?::text[])', filter.paymentmode);
    if (filter.updatedFrom) where.and('updated_at >= $?', filter.updatedFrom);
    if (filter.updatedUntil) where.and('updated_at < $?', filter.updatedUntil);

    const onlyStatus = Object.entries(filter).every(
      ([key, value]) => key === 'status' || value === undefined,
    );
    if (onlyStatus) await foldTally(this.db, ORDER_TALLY);
    const [{ total }] = await this.db.query<Array<{ total: number }>>(
      onlyStatus
        ? `SELECT coalesce(sum(orders), 0)::int AS total FROM ${tallyRows(ORDER_TALLY)} tally ${where}`
        : `SELECT count(*)::int AS total FROM orders ${where}`,
      where.params,
    );
    const order = `${sort.column} ${sort.order}, id ${sort.order}`;
    const rows: OrderRow[] = await this.db.query(
      pageSql('orders', where, sort.column, order, total, limit, offset),
      where.params,
    );
    return { rows: rows.map(mapOrderRow), total };
  }
}
