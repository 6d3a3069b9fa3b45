import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, LessThanOrEqual } from 'typeorm';
import { entityFromRow } from '../../database/entity-rows.js';
import { guardedUpdate } from '../../database/transactions.js';
import { Injectable } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import { requireMoves, sourcesOf } from '../../common/state-machine.js';
import { ENQUEUE_GRACE_MS } from '../../jobs/job.types.js';
import type { UpiCreatedOrder } from '../../providers/upigateway/upigateway.adapter.js';
import { deliveryOpen, fulfilmentTransitions, type FulfilmentStatus } from './fulfilment-state.js';
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
  | 'expiresAt'
  | 'paidAt'
  | 'buyerState'
>;

export interface OrderPatch {
  reason?: string | null;
  attention?: string | null;
  transactionid?: string | null;
  fulfilmentStatus?: FulfilmentStatus;
  paidAt?: Date;
  gatewayData?: unknown;
  lateCheckUntil?: Date;
  /** The next late-payment check of a failed order (the payments sweep's order). */
  nextCheckAt?: Date;
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
   */
  async insert(order: NewOrder): Promise<Order> {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      `INSERT INTO orders (orderid, user_id, userid, useremail, product_id, item_id, productname, itemname, input1, input2,
                           price, discount, value, coupon_id, coupon_held, paymentmode, status, is_api, api_type, itemidarray,
                           transactionid, txn_date, expires_at, paid_at, player_name, buyer_state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)
       RETURNING *`,
      [
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
        order.expiresAt,
        order.paidAt,
        order.playerName,
        order.buyerState,
      ],
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
      { userId: fromUserId },
      { userId: to.id, userid: to.userid, updatedAt: () => 'now()' },
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

  listForUser(userid: number, limit: number, offset: number): Promise<Order[]> {
    return this.orders.find({
      where: { userid },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
      skip: offset,
    });
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
         fulfilment_status = coalesce($9, fulfilment_status),
         paid_at = coalesce($10, paid_at),
         gateway_data = coalesce($11::jsonb, gateway_data),
         late_check_until = coalesce($12, late_check_until),
         next_check_at = coalesce($17, next_check_at)
       WHERE orderid = $1 AND status = ANY($2::order_status[])
         AND ($9::text IS NULL OR fulfilment_status = ANY($15::text[]))
         AND ($13::int IS NULL OR (fulfil_generation = $13 AND fulfilment_status = ANY($16::text[])))
         AND (NOT $14::boolean OR fulfilment_status IS DISTINCT FROM 'in_progress')
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
        patch.fulfilmentStatus ?? null,
        patch.paidAt ?? null,
        patch.gatewayData === undefined ? null : JSON.stringify(patch.gatewayData),
        patch.lateCheckUntil ?? null,
        fence && 'generation' in fence ? fence.generation : null,
        Boolean(fence && 'admin' in fence),
        patch.fulfilmentStatus ? sourcesOf(fulfilmentTransitions, patch.fulfilmentStatus) : [],
        deliveryOpen,
        patch.nextCheckAt ?? null,
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

  async setGateway(orderid: string, gateway: UpiCreatedOrder) {
    await this.orders.update(
      { orderid },
      {
        gatewayOrderId: gateway.orderId,
        paymentUrl: gateway.paymentUrl,
        upiIntent: gateway.upiIntent,
        updatedAt: () => 'now()',
      },
    );
  }

  /** Keeps the gateway's answer while the order awaits payment; a paid order keeps the answer that paid it. */
  async saveGatewayData(orderid: string, data: object) {
    await this.orders.update({ orderid, status: 'Created' }, { gatewayData: data });
  }

  async flag(orderid: string, attention: string) {
    await this.orders.update({ orderid }, { attention, updatedAt: () => 'now()' });
  }

  /**
   * A late payment credited to the wallet: shown on the order, with the UPI reference and the
   * gateway's answer; the sweep asks no more about it.
   */
  async markLatePayment(orderid: string, upiTxnId: string | null, gatewayData: object) {
    await this.orders.update(
      { orderid },
      {
        attention: Messages.latePaymentCredited,
        reason: Messages.latePaymentCredited,
        ...(upiTxnId !== null && { transactionId: upiTxnId }),
        gatewayData,
        nextCheckAt: null,
        updatedAt: () => 'now()',
      },
    );
  }

  /**
   * Unpaid UPI orders the payments sweep looks at: those past their expiry first, then the newest
   * (a fresh payment is never starved by old ones). A brand-new order is left to its own enqueue,
   * which follows its gateway call; the sweep reviving it too would poll it twice.
   * SQL: two index-ordered halves in one UNION ALL.
   */
  async awaitingPayment(
    now: Date,
    limit = 1000,
  ): Promise<Array<Pick<Order, 'orderid' | 'verifyGeneration' | 'expiresAt'>>> {
    const rows: Array<{ orderid: string; verify_generation: number; expires_at: Date | null }> =
      await this.txHost.tx.query(
        `(SELECT orderid, verify_generation, expires_at FROM orders
          WHERE status = 'Created' AND paymentmode = 'upi' AND expires_at <= $1
          ORDER BY expires_at LIMIT $2)
         UNION ALL
         (SELECT orderid, verify_generation, expires_at FROM orders
          WHERE status = 'Created' AND paymentmode = 'upi' AND (expires_at IS NULL OR expires_at > $1)
            AND created_at < $1::timestamptz - make_interval(secs => $3)
          ORDER BY created_at DESC LIMIT $2)`,
        [now, limit, ENQUEUE_GRACE_MS / 1000],
      );
    return rows.map((row) => ({
      orderid: row.orderid,
      verifyGeneration: row.verify_generation,
      expiresAt: row.expires_at,
    }));
  }

  /** Failed UPI orders whose late-payment check is due, the longest due first. */
  lateChecksDue(
    now: Date,
    limit: number,
  ): Promise<Array<Pick<Order, 'orderid' | 'verifyGeneration'>>> {
    return this.orders.find({
      select: { orderid: true, verifyGeneration: true },
      where: { status: 'Failed', nextCheckAt: LessThanOrEqual(now) },
      order: { nextCheckAt: 'ASC' },
      take: limit,
    });
  }

  /**
   * Takes a failed order's next check generation and moves its next late check out by its age
   * (within `minMs`..`maxMs`), no further than its late window; none once the window is over.
   * SQL: a guarded move computing the next check from the row's own dates.
   */
  async takeLateCheck(
    orderid: string,
    generation: number,
    now: Date,
    backoff: { minMs: number; maxMs: number },
  ): Promise<number | undefined> {
    const row = await guardedUpdate<{ verify_generation: number }>(
      this.txHost.tx,
      `UPDATE orders SET verify_generation = verify_generation + 1,
         next_check_at = CASE WHEN late_check_until IS NULL OR late_check_until <= $3 THEN NULL
           ELSE least(late_check_until, $3::timestamptz + greatest(make_interval(secs => $4),
             least(make_interval(secs => $5), $3::timestamptz - created_at))) END
       WHERE orderid = $1 AND verify_generation = $2 AND status = 'Failed' RETURNING verify_generation`,
      [orderid, generation, now, backoff.minMs / 1000, backoff.maxMs / 1000],
    );
    return row?.verify_generation;
  }

  /** SQL: a guarded move (one winner per generation). */
  async bumpVerifyGeneration(orderid: string, generation: number): Promise<number | undefined> {
    const row = await guardedUpdate<{ verify_generation: number }>(
      this.txHost.tx,
      `UPDATE orders SET verify_generation = verify_generation + 1
       WHERE orderid = $1 AND verify_generation = $2 RETURNING verify_generation`,
      [orderid, generation],
    );
    return row?.verify_generation;
  }
}
