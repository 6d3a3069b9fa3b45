import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { userNumber, userUuid } from '../../common/ids.js';
import { entityFromRow } from '../../database/entity-rows.js';
import { withCompanions, type Statement } from '../../database/statement.js';
import { guardedUpdate } from '../../database/transactions.js';
import { Injectable } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import { requireMoves, sourcesOf } from '../../common/state-machine.js';
import { deliveryOpen, deliveryTransitions, type DeliveryStatus } from './delivery-state.js';
import { orderTransitions, type OrderStatus } from './order-state.js';
import { OrderEntity } from './order.entity.js';
import type { Order } from './order.js';

export type { Order } from './order.js';

export type NewOrder = Pick<
  Order,
  | 'orderid'
  | 'userId'
  | 'userid'
  | 'userEmail'
  | 'productId'
  | 'itemId'
  | 'productName'
  | 'itemName'
  | 'input1'
  | 'input2'
  | 'playerName'
  | 'price'
  | 'discount'
  | 'value'
  | 'couponId'
  | 'paymentMode'
  | 'status'
  | 'isApi'
  | 'apiType'
  | 'itemIdArray'
  | 'transactionId'
  | 'txnDate'
  | 'paidAt'
  | 'buyerState'
  | 'promiseMinutes'
>;

export interface OrderPatch {
  reason?: string | null;
  attention?: string | null;
  transactionid?: string | null;
  deliveryStatus?: DeliveryStatus;
  paidAt?: Date;
}

/**
 * Who may settle an API order's delivery. A delivery run: only while its generation still owns
 * the delivery (not flagged for the admin, not superseded). The admin: only while no run is
 * buying packs (a run that starts after the admin's move finds the order closed and buys none).
 */
export type DeliveryFence = { generation: number } | { admin: true };

@Injectable()
export class OrdersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get orders() {
    return this.txHost.tx.getRepository(OrderEntity);
  }

  /**
   * SQL on the order path: the builder costs about twice the CPU of the statement it writes
   * (INSERT ... RETURNING *), so checkout keeps the typed statement; the row becomes an entity.
   * `companions` are other modules' writes sent in the same statement (`withCompanions`).
   */
  async insert(order: NewOrder & Pick<Order, 'id'>, companions: Statement[] = []): Promise<Order> {
    const statement = withCompanions(
      {
        sql: `INSERT INTO orders (id, orderid, user_id, userid, useremail, product_id, item_id, productname, itemname, input1, input2,
                           price, discount, value, coupon_id, coupon_held, paymentmode, status, is_api, api_type, itemidarray,
                           transactionid, txn_date, paid_at, player_name, buyer_state,
                           promise_minutes, promise_due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26,
               $27, $24::timestamptz + $27::int * interval '1 minute')
       RETURNING *`,
        parameters: [
          order.id,
          order.orderid,
          order.userId,
          order.userid,
          order.userEmail,
          order.productId,
          order.itemId,
          order.productName,
          order.itemName,
          order.input1,
          order.input2,
          order.price,
          order.discount,
          order.value,
          order.couponId,
          order.couponId !== null,
          order.paymentMode,
          order.status,
          order.isApi,
          order.apiType,
          order.itemIdArray,
          order.transactionId,
          order.txnDate,
          order.paidAt,
          order.playerName,
          order.buyerState,
          order.promiseMinutes,
        ],
      },
      companions,
    );
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      statement.sql,
      statement.parameters,
    );
    return entityFromRow(this.txHost.tx, OrderEntity, rows[0]);
  }

  /** Marks an order placed by a guest (in its checkout's transaction). */
  async markGuest(orderid: string) {
    await this.orders.update({ orderid }, { guest: true });
  }

  /** A guest's orders, moved to the account that proved the guest's contacts; how many. */
  async moveOwner(fromUserId: string, to: { id: string; userid: number }) {
    const { affected } = await this.orders.update(
      { userId: userUuid(fromUserId) },
      { userId: userUuid(to.id), userid: userNumber(to.userid), updatedAt: () => 'now()' },
    );
    return affected ?? 0;
  }

  /** What the customer reads about how the order ended (the `reason` stays for the admin). */
  async setCustomerReason(orderid: string, text: string) {
    await this.orders.update({ orderid }, { customerReason: text });
  }

  /** SQL on the order path (checkout, status, every move): see `insert`. */
  async get(orderid: string): Promise<Order | undefined> {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      'SELECT * FROM orders WHERE orderid = $1',
      [orderid],
    );
    return rows[0] && entityFromRow(this.txHost.tx, OrderEntity, rows[0]);
  }

  getMany(orderids: string[]): Promise<Order[]> {
    if (orderids.length === 0) return Promise.resolve([]);
    return this.orders.find({ where: { orderid: In(orderids) } });
  }

  /**
   * A page of the customer's orders, newest first. SQL: past the first page, the page's ids come
   * from the customer's newest-first index alone, so a page by number skips index entries, not
   * whole orders (the first page reads its rows straight from the index, which costs less).
   */
  async listForUser(userid: number, limit: number, offset: number): Promise<Order[]> {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      offset === 0
        ? 'SELECT * FROM orders WHERE userid = $1 ORDER BY created_at DESC, id DESC LIMIT $2'
        : `SELECT orders.* FROM (
             SELECT id FROM orders WHERE userid = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3
           ) page JOIN orders USING (id)
           ORDER BY orders.created_at DESC, orders.id DESC`,
      offset === 0 ? [userid, limit] : [userid, limit, offset],
    );
    return rows.map((row) => entityFromRow(this.txHost.tx, OrderEntity, row));
  }

  /** How many of the user's orders there are, and how many completed or were refunded. */
  async countByStatus(userId: string) {
    // SQL: three filtered counts in one pass over the customer's index.
    const rows: Array<{ total: number; completed: number; refunded: number }> =
      await this.txHost.tx.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'Completed')::int AS completed,
              count(*) FILTER (WHERE status = 'Refunded')::int AS refunded
       FROM orders WHERE user_id = $1`,
        [userId],
      );
    return rows[0];
  }

  /** The user's unpaid UPI orders holding `couponId`, locked for this transaction. */
  unpaidHoldingCoupon(userId: string, couponId: string): Promise<Array<Pick<Order, 'orderid'>>> {
    // SQL on the checkout path: see `insert`.
    return this.txHost.tx.query(
      `SELECT orderid FROM orders WHERE user_id = $1 AND coupon_id = $2 AND status = 'Created' AND coupon_held
       ORDER BY id FOR UPDATE`,
      [userId, couponId],
    );
  }

  /**
   * The guarded move: changes the status only if the row is in one of `from`, in one UPDATE.
   * `from` and a new delivery status are checked against the transition tables (a move they do
   * not list throws). Undefined when the row was elsewhere (someone else moved it first).
   * SQL: one guarded UPDATE whose patch keeps what it does not name (CASE/coalesce).
   */
  async move(
    orderid: string,
    from: OrderStatus[],
    to: OrderStatus,
    patch: OrderPatch,
    fence?: DeliveryFence,
  ): Promise<Order | undefined> {
    const row = await guardedUpdate<Record<string, unknown>>(
      this.txHost.tx,
      `UPDATE orders SET status = $3, updated_at = now(),
         reason = CASE WHEN $4::boolean THEN $5 ELSE reason END,
         attention = CASE WHEN $6::boolean THEN $7 ELSE attention END,
         transactionid = coalesce($8, transactionid),
         delivery_status = coalesce($9, delivery_status),
         paid_at = coalesce($10, paid_at),
         promise_due_at = coalesce(promise_due_at, $10::timestamptz + promise_minutes * interval '1 minute')
       WHERE orderid = $1 AND status = ANY($2::order_status[])
         AND ($9::text IS NULL OR delivery_status = ANY($13::text[]))
         AND ($11::int IS NULL OR (delivery_generation = $11 AND delivery_status = ANY($14::text[])))
         AND (NOT $12::boolean OR delivery_status IS DISTINCT FROM 'in_progress')
       RETURNING *`,
      [
        orderid,
        requireMoves('order', orderTransitions, from, to),
        to,
        patch.reason !== undefined,
        patch.reason ?? null,
        patch.attention !== undefined,
        patch.attention ?? null,
        patch.transactionid ?? null,
        patch.deliveryStatus ?? null,
        patch.paidAt ?? null,
        fence && 'generation' in fence ? fence.generation : null,
        Boolean(fence && 'admin' in fence),
        patch.deliveryStatus ? sourcesOf(deliveryTransitions, patch.deliveryStatus) : [],
        deliveryOpen,
      ],
    );
    return row && entityFromRow(this.txHost.tx, OrderEntity, row);
  }

  /** Releases the order's coupon use once; answers the coupon to give back, if any (SQL: a guarded move). */
  async releaseCoupon(orderid: string): Promise<{ couponId: string; userId: string } | undefined> {
    const row = await guardedUpdate<{ coupon_id: string; user_id: string }>(
      this.txHost.tx,
      `UPDATE orders SET coupon_held = false WHERE orderid = $1 AND coupon_held AND coupon_id IS NOT NULL
       RETURNING coupon_id, user_id`,
      [orderid],
    );
    return row ? { couponId: row.coupon_id, userId: row.user_id } : undefined;
  }

  async flag(orderid: string, attention: string) {
    await this.orders.update({ orderid }, { attention, updatedAt: () => 'now()' });
  }

  /**
   * A late payment credited to the wallet: shown on the order, with the UPI reference and the
   * gateway's answer; the sweep asks no more about it.
   */
  async markLatePayment(orderid: string, upiTxnId: string | null) {
    await this.orders.update(
      { orderid },
      {
        attention: Messages.latePaymentCredited,
        reason: Messages.latePaymentCredited,
        ...(upiTxnId !== null && { transactionId: upiTxnId }),
        updatedAt: () => 'now()',
      },
    );
  }

  /** The order keeps the id of its UPI payment. */
  async attachPayment(orderid: string, paymentId: string) {
    await this.txHost.tx.query('UPDATE orders SET payment_id = $2 WHERE orderid = $1', [
      orderid,
      paymentId,
    ]);
  }
}
