import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { requireMoves } from '../../common/state-machine.js';
import { entityFromRow } from '../../database/entity-rows.js';
import { guardedUpdate } from '../../database/transactions.js';
import { ENQUEUE_GRACE_MS } from '../../jobs/job.types.js';
import type {
  UpiCreatedOrder,
  UpiStatusData,
} from '../../providers/upigateway/upigateway.adapter.js';
import { PaymentCheckEntity } from './payment-check.entity.js';
import {
  LATE_CHECKS,
  paymentTransitions,
  UNPAID_PAYMENT,
  type CheckOrigin,
  type PaymentPurpose,
  type PaymentStatus,
} from './payment-state.js';
import { PaymentEntity } from './payment.entity.js';

export type Payment = PaymentEntity;

export interface NewPayment {
  clientTxnId: string;
  purpose: PaymentPurpose;
  amount: number;
  txnDate: string;
  expiresAt: Date | null;
}

/** A payment the sweep looks at: open ones, or failed ones whose late check is due. */
export interface SweptPayment {
  clientTxnId: string;
  purpose: PaymentPurpose;
  verifyGeneration: number;
  expiresAt: Date | null;
}

/** The columns of a swept payment, as `SweptPayment` names them. */
const SWEPT = `client_txn_id AS "clientTxnId", purpose, verify_generation AS "verifyGeneration",
  expires_at AS "expiresAt"`;

/**
 * The `payments` and `payment_checks` tables. Payments are addressed by the payable's business
 * id (`client_txn_id`), which is what the gateway, the jobs and the webhook name. Raw SQL is kept
 * for the guarded moves (one UPDATE with its guard) and the sweep's index-ordered reads.
 */
@Injectable()
export class PaymentsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get payments() {
    return this.txHost.tx.getRepository(PaymentEntity);
  }

  async insert(payment: NewPayment): Promise<Payment> {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      `INSERT INTO payments (client_txn_id, purpose, amount, txn_date, expires_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [payment.clientTxnId, payment.purpose, payment.amount, payment.txnDate, payment.expiresAt],
    );
    return entityFromRow(this.txHost.tx, PaymentEntity, rows[0]);
  }

  async get(clientTxnId: string): Promise<Payment | undefined> {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      'SELECT * FROM payments WHERE client_txn_id = $1',
      [clientTxnId],
    );
    return rows[0] && entityFromRow(this.txHost.tx, PaymentEntity, rows[0]);
  }

  getMany(ids: string[]): Promise<Payment[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.payments.find({ where: { id: In(ids) } });
  }

  /**
   * The guarded move: only from one of `from` (each checked against `paymentTransitions`), in
   * one UPDATE. A payment that fails or expires with a gateway order gets its late checks (the
   * first at `now`, none past `LATE_CHECKS.windowMs` after it was made); one that succeeds late
   * has none left. Undefined when the row was elsewhere (someone else moved it first).
   */
  async move(
    clientTxnId: string,
    from: PaymentStatus[],
    to: PaymentStatus,
    now: Date,
    gatewayData?: UpiStatusData,
  ): Promise<Payment | undefined> {
    const late = UNPAID_PAYMENT.includes(to);
    const row = await guardedUpdate<Record<string, unknown>>(
      this.txHost.tx,
      `UPDATE payments SET status = $3, updated_at = now(),
         gateway_data = coalesce($4::jsonb, gateway_data),
         late_check_until = CASE WHEN $5::boolean AND gateway_order_id IS NOT NULL
           THEN created_at + make_interval(secs => $7) END,
         next_check_at = CASE WHEN $5::boolean AND gateway_order_id IS NOT NULL
           AND created_at + make_interval(secs => $7) > $6 THEN $6::timestamptz END
       WHERE client_txn_id = $1 AND status = ANY($2::payment_status[]) RETURNING *`,
      [
        clientTxnId,
        requireMoves('payment', paymentTransitions, from, to),
        to,
        gatewayData === undefined ? null : JSON.stringify(gatewayData),
        late,
        now,
        LATE_CHECKS.windowMs / 1000,
      ],
    );
    return row && entityFromRow(this.txHost.tx, PaymentEntity, row);
  }

  /**
   * Keeps the gateway's order and links; a payment still `created` is now awaited (`pending`).
   * One a quick payer already settled keeps its status.
   */
  async setGateway(clientTxnId: string, gateway: UpiCreatedOrder) {
    await this.txHost.tx.query(
      `UPDATE payments SET gateway_order_id = $2, payment_url = $3, upi_intent = $4::jsonb,
         status = CASE WHEN status = ANY($5::payment_status[]) THEN 'pending' ELSE status END,
         updated_at = now()
       WHERE client_txn_id = $1`,
      [
        clientTxnId,
        gateway.orderId,
        gateway.paymentUrl,
        JSON.stringify(gateway.upiIntent),
        requireMoves('payment', paymentTransitions, ['created'], 'pending'),
      ],
    );
  }

  /** Keeps the gateway's answer while the payment is open; a settled one keeps the answer that settled it. */
  async saveGatewayData(clientTxnId: string, data: UpiStatusData, evenSettled = false) {
    await this.txHost.tx.query(
      `UPDATE payments SET gateway_data = $2::jsonb
       WHERE client_txn_id = $1 AND ($3::boolean OR status IN ('created', 'pending'))`,
      [clientTxnId, JSON.stringify(data), evenSettled],
    );
  }

  /** The audit of one status check. */
  async recordCheck(paymentId: string, origin: CheckOrigin, data: UpiStatusData | undefined) {
    await this.txHost.tx.query(
      `INSERT INTO payment_checks (payment_id, origin, answer, data) VALUES ($1, $2, $3, $4::jsonb)`,
      [
        paymentId,
        origin,
        data ? String(data.status ?? '').slice(0, 16) || null : null,
        data ? JSON.stringify(data) : null,
      ],
    );
  }

  checksOf(paymentId: string): Promise<PaymentCheckEntity[]> {
    return this.txHost.tx
      .getRepository(PaymentCheckEntity)
      .find({ where: { paymentId }, order: { checkedAt: 'ASC' } });
  }

  /** Deletes status checks made before `before`, at most `limit`; answers how many. */
  async purgeChecks(before: Date, limit: number): Promise<number> {
    const [, count] = await this.txHost.tx.query<[unknown, number]>(
      `DELETE FROM payment_checks WHERE id IN (
         SELECT id FROM payment_checks WHERE checked_at < $1 LIMIT ${Number(limit)})`,
      [before],
    );
    return count;
  }

  /**
   * Open payments the sweep looks at: those past their expiry first, then the newest (a fresh
   * payment is never starved by old ones). A brand-new one is left to its own enqueue, which
   * follows its gateway call. SQL: two halves, each on its partial index, in one UNION ALL.
   */
  async awaiting(now: Date, limit = 1000): Promise<SweptPayment[]> {
    return this.txHost.tx.query(
      `(SELECT ${SWEPT} FROM payments
        WHERE status IN ('created', 'pending') AND expires_at <= $1
        ORDER BY expires_at LIMIT $2)
       UNION ALL
       (SELECT ${SWEPT} FROM payments
        WHERE status IN ('created', 'pending') AND (expires_at IS NULL OR expires_at > $1)
          AND created_at < $1::timestamptz - make_interval(secs => $3)
        ORDER BY created_at DESC LIMIT $2)`,
      [now, limit, ENQUEUE_GRACE_MS / 1000],
    );
  }

  /** Failed or expired payments whose late check is due, the longest due first. */
  async lateChecksDue(now: Date, limit: number): Promise<SweptPayment[]> {
    return this.txHost.tx.query(
      `SELECT ${SWEPT} FROM payments
       WHERE status IN ('failed', 'expired') AND next_check_at IS NOT NULL AND next_check_at <= $1
       ORDER BY next_check_at LIMIT $2`,
      [now, limit],
    );
  }

  /**
   * Takes a failed payment's next check generation and moves its next late check out by its age
   * (within `LATE_CHECKS` bounds), no further than its late window; none once that is over.
   */
  async takeLateCheck(clientTxnId: string, generation: number, now: Date) {
    const row = await guardedUpdate<{ verify_generation: number }>(
      this.txHost.tx,
      `UPDATE payments SET verify_generation = verify_generation + 1,
         next_check_at = CASE WHEN late_check_until IS NULL OR late_check_until <= $3 THEN NULL
           ELSE least(late_check_until, $3::timestamptz + greatest(make_interval(secs => $4),
             least(make_interval(secs => $5), $3::timestamptz - created_at))) END
       WHERE client_txn_id = $1 AND verify_generation = $2 AND status IN ('failed', 'expired')
       RETURNING verify_generation`,
      [clientTxnId, generation, now, LATE_CHECKS.minMs / 1000, LATE_CHECKS.maxMs / 1000],
    );
    return row?.verify_generation;
  }

  /** Takes the next check generation if `generation` is still current (one winner). */
  async bumpGeneration(clientTxnId: string, generation: number) {
    const row = await guardedUpdate<{ verify_generation: number }>(
      this.txHost.tx,
      `UPDATE payments SET verify_generation = verify_generation + 1
       WHERE client_txn_id = $1 AND verify_generation = $2 RETURNING verify_generation`,
      [clientTxnId, generation],
    );
    return row?.verify_generation;
  }
}
