import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Messages } from '../../common/messages.js';
import { requireMoves, sourcesOf } from '../../common/state-machine.js';
import { ENQUEUE_GRACE_MS } from '../../jobs/job.types.js';
import { deliveryOpen, fulfilmentTransitions, type FulfilmentStatus } from './fulfilment-state.js';
import { orderTransitions, type OrderStatus } from './order-state.js';

export interface OrderRow {
  id: string;
  orderid: string;
  user_id: string;
  userid: string;
  useremail: string;
  product_id: string;
  item_id: string;
  productname: string;
  itemname: string;
  input1: string;
  input2: string;
  price: string;
  discount: string;
  value: string;
  coupon_id: string | null;
  coupon_held: boolean;
  paymentmode: 'upi' | 'wallet';
  status: OrderStatus;
  fulfilment_status: FulfilmentStatus;
  attention: string | null;
  reason: string | null;
  customer_reason: string | null;
  player_name: string | null;
  payment_url: string | null;
  is_api: boolean;
  api_type: string | null;
  itemidarray: string[];
  transactionid: string | null;
  gateway_order_id: string | null;
  gateway_data: Record<string, unknown> | null;
  txn_date: string;
  expires_at: Date | null;
  late_check_until: Date | null;
  verify_generation: number;
  fulfil_generation: number;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewOrder {
  orderid: string;
  userId: string;
  userid: number;
  useremail: string;
  productId: string;
  itemId: string;
  productname: string;
  itemname: string;
  input1: string;
  input2: string;
  playerName: string | null;
  price: number;
  discount: number;
  value: number;
  couponId: string | null;
  paymentmode: 'upi' | 'wallet';
  status: OrderStatus;
  isApi: boolean;
  apiType: string | null;
  itemidarray: string[];
  transactionid: string | null;
  txnDate: string;
  expiresAt: Date | null;
  paidAt: Date | null;
}

export interface OrderPatch {
  reason?: string | null;
  attention?: string | null;
  transactionid?: string | null;
  fulfilmentStatus?: FulfilmentStatus;
  paidAt?: Date;
  gatewayData?: unknown;
  lateCheckUntil?: Date;
}

/**
 * Who may settle an API order's delivery. A delivery run: only while its generation still owns
 * the delivery (not flagged for the admin, not superseded). The admin: only while no run is
 * buying packs (a run that starts after the admin's move finds the order closed and buys none).
 */
export type DeliveryFence = { generation: number } | { admin: true };

@Injectable()
export class OrdersRepository {
  constructor(private readonly db: DataSource) {}

  async insert(manager: EntityManager, order: NewOrder): Promise<OrderRow> {
    const rows: OrderRow[] = await manager.query(
      `INSERT INTO orders (orderid, user_id, userid, useremail, product_id, item_id, productname, itemname, input1, input2,
                           price, discount, value, coupon_id, coupon_held, paymentmode, status, is_api, api_type, itemidarray,
                           transactionid, txn_date, expires_at, paid_at, player_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)
       RETURNING *`,
      [
        order.orderid,
        order.userId,
        order.userid,
        order.useremail,
        order.productId,
        order.itemId,
        order.productname,
        order.itemname,
        order.input1,
        order.input2,
        order.price,
        order.discount,
        order.value,
        order.couponId,
        order.couponId !== null,
        order.paymentmode,
        order.status,
        order.isApi,
        order.apiType,
        order.itemidarray,
        order.transactionid,
        order.txnDate,
        order.expiresAt,
        order.paidAt,
        order.playerName,
      ],
    );
    return rows[0];
  }

  /** What the customer reads about how the order ended (the `reason` stays for the admin). */
  async setCustomerReason(manager: EntityManager, orderid: string, text: string) {
    await manager.query('UPDATE orders SET customer_reason = $2 WHERE orderid = $1', [
      orderid,
      text,
    ]);
  }

  async get(
    orderid: string,
    manager: EntityManager = this.db.manager,
  ): Promise<OrderRow | undefined> {
    const rows: OrderRow[] = await manager.query('SELECT * FROM orders WHERE orderid = $1', [
      orderid,
    ]);
    return rows[0];
  }

  listForUser(userid: number, limit: number, offset: number): Promise<OrderRow[]> {
    return this.db.query(
      `SELECT * FROM orders WHERE userid = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userid, limit, offset],
    );
  }

  /** How many of the user's orders there are, and how many completed or were refunded. */
  async countByStatus(userId: string) {
    const rows: Array<{ total: number; completed: number; refunded: number }> = await this.db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'Completed')::int AS completed,
              count(*) FILTER (WHERE status = 'Refunded')::int AS refunded
       FROM orders WHERE user_id = $1`,
      [userId],
    );
    return rows[0];
  }

  /** The user's unpaid UPI orders holding `couponId`, locked for this transaction. */
  unpaidHoldingCoupon(
    manager: EntityManager,
    userId: string,
    couponId: string,
  ): Promise<Array<{ orderid: string }>> {
    return manager.query(
      `SELECT orderid FROM orders WHERE user_id = $1 AND coupon_id = $2 AND status = 'Created' AND coupon_held
       ORDER BY id FOR UPDATE`,
      [userId, couponId],
    );
  }

  /**
   * The guarded move: changes the status only if the row is in one of `from`, in one UPDATE.
   * `from` and a new delivery status are checked against the transition tables (a move they do
   * not list throws). Undefined when the row was elsewhere (someone else moved it first).
   */
  async move(
    manager: EntityManager,
    orderid: string,
    from: OrderStatus[],
    to: OrderStatus,
    patch: OrderPatch,
    fence?: DeliveryFence,
  ): Promise<OrderRow | undefined> {
    const [rows] = await manager.query<[OrderRow[], number]>(
      `UPDATE orders SET status = $3, updated_at = now(),
         reason = CASE WHEN $4::boolean THEN $5 ELSE reason END,
         attention = CASE WHEN $6::boolean THEN $7 ELSE attention END,
         transactionid = coalesce($8, transactionid),
         fulfilment_status = coalesce($9, fulfilment_status),
         paid_at = coalesce($10, paid_at),
         gateway_data = coalesce($11::jsonb, gateway_data),
         late_check_until = coalesce($12, late_check_until)
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
      ],
    );
    return rows[0];
  }

  /** Releases the order's coupon use once; answers the coupon to give back, if any. */
  async releaseCoupon(
    manager: EntityManager,
    orderid: string,
  ): Promise<{ couponId: string; userId: string } | undefined> {
    const [rows] = await manager.query<[Array<{ coupon_id: string; user_id: string }>, number]>(
      `UPDATE orders SET coupon_held = false WHERE orderid = $1 AND coupon_held AND coupon_id IS NOT NULL
       RETURNING coupon_id, user_id`,
      [orderid],
    );
    return rows[0] ? { couponId: rows[0].coupon_id, userId: rows[0].user_id } : undefined;
  }

  async setGateway(orderid: string, gatewayOrderId: string, paymentUrl: string) {
    await this.db.query(
      'UPDATE orders SET gateway_order_id = $2, payment_url = $3, updated_at = now() WHERE orderid = $1',
      [orderid, gatewayOrderId, paymentUrl],
    );
  }

  /** Keeps the gateway's answer while the order awaits payment; a paid order keeps the answer that paid it. */
  async saveGatewayData(orderid: string, data: unknown) {
    await this.db.query(
      `UPDATE orders SET gateway_data = $2::jsonb WHERE orderid = $1 AND status = 'Created'`,
      [orderid, JSON.stringify(data)],
    );
  }

  async flag(orderid: string, attention: string, manager: EntityManager = this.db.manager) {
    await manager.query('UPDATE orders SET attention = $2, updated_at = now() WHERE orderid = $1', [
      orderid,
      attention,
    ]);
  }

  /** A late payment credited to the wallet: shown on the order, with the UPI reference. */
  async markLatePayment(manager: EntityManager, orderid: string, upiTxnId: string | null) {
    await manager.query(
      `UPDATE orders SET attention = $2, reason = $2, transactionid = coalesce($3, transactionid), updated_at = now()
         WHERE orderid = $1`,
      [orderid, Messages.latePaymentCredited, upiTxnId],
    );
  }

  /**
   * UPI orders the payments sweep looks at: unpaid, or failed recently enough to catch a late
   * payment. A brand-new order is left to its own enqueue, which follows its gateway call; the
   * sweep reviving it too would poll it twice.
   */
  awaitingPayment(
    now: Date,
    limit = 500,
  ): Promise<
    Array<{
      orderid: string;
      status: OrderStatus;
      verify_generation: number;
      expires_at: Date | null;
    }>
  > {
    return this.db.query(
      `SELECT orderid, status, verify_generation, expires_at FROM orders
       WHERE paymentmode = 'upi'
         AND ((status = 'Created' AND created_at < $1::timestamptz - make_interval(secs => $3))
           OR (status = 'Failed' AND late_check_until > $1))
       ORDER BY created_at LIMIT $2`,
      [now, limit, ENQUEUE_GRACE_MS / 1000],
    );
  }

  async bumpVerifyGeneration(orderid: string, generation: number): Promise<number | undefined> {
    const [rows] = await this.db.query<[Array<{ verify_generation: number }>, number]>(
      `UPDATE orders SET verify_generation = verify_generation + 1
       WHERE orderid = $1 AND verify_generation = $2 RETURNING verify_generation`,
      [orderid, generation],
    );
    return rows[0]?.verify_generation;
  }
}
