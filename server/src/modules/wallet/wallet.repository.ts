import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { guardedUpdate } from '../../database/transactions.js';
import { Injectable } from '@nestjs/common';
import { requireMoves } from '../../common/state-machine.js';
import { ENQUEUE_GRACE_MS } from '../../jobs/job.types.js';
import type { UpiCreatedOrder } from '../../providers/upigateway/upigateway.adapter.js';
import { walletTxnTransitions, type WalletTxnStatus } from './wallet-state.js';
import { mapWalletTxnRow, type WalletTxn, type WalletTxnRow } from './wallet-txn.js';

export type { WalletTxnStatus } from './wallet-state.js';
export type { WalletTxn, WalletTxnPurpose, WalletTxnType } from './wallet-txn.js';

export type NewWalletTxn = Pick<
  WalletTxn,
  'txnid' | 'userId' | 'userid' | 'userEmail' | 'type' | 'status' | 'purpose' | 'amount' | 'txnDate'
> &
  Partial<Pick<WalletTxn, 'orderid' | 'expiresAt' | 'attention'>>;

/** The `wallet_transactions` table: the user-facing history with its mutable status. */
@Injectable()
export class WalletRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Inserts the row; with `onceForOrder`, a second row for the same order and purpose is skipped (undefined). */
  async insert(txn: NewWalletTxn, onceForOrder = false): Promise<WalletTxn | undefined> {
    const rows: WalletTxnRow[] = await this.txHost.tx.query(
      `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount, orderid, txn_date,
                                        expires_at, attention)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ${onceForOrder ? `ON CONFLICT (orderid, purpose) WHERE orderid IS NOT NULL AND purpose IN ('refund', 'late_payment', 'order', 'compensation') DO NOTHING` : ''}
       RETURNING *`,
      [
        txn.txnid,
        txn.userId,
        txn.userid,
        txn.userEmail,
        txn.type,
        txn.status,
        txn.purpose,
        txn.amount,
        txn.orderid ?? null,
        txn.txnDate,
        txn.expiresAt ?? null,
        txn.attention ?? null,
      ],
    );
    return rows[0] && mapWalletTxnRow(rows[0]);
  }

  async get(txnid: string): Promise<WalletTxn | undefined> {
    const rows: WalletTxnRow[] = await this.txHost.tx.query(
      'SELECT * FROM wallet_transactions WHERE txnid = $1',
      [txnid],
    );
    return rows[0] && mapWalletTxnRow(rows[0]);
  }

  async listForUser(userid: number, limit: number, offset: number): Promise<WalletTxn[]> {
    const rows: WalletTxnRow[] = await this.txHost.tx.query(
      `SELECT * FROM wallet_transactions WHERE userid = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userid, limit, offset],
    );
    return rows.map(mapWalletTxnRow);
  }

  /**
   * Guarded status change: only from one of `from`, each a legal source of `to` in
   * `walletTxnTransitions`; undefined when the row was elsewhere.
   */
  async move(
    txnid: string,
    from: WalletTxnStatus[],
    to: WalletTxnStatus,
    patch: { upiTxnId?: string | null; gatewayData?: unknown; attention?: string | null } = {},
  ): Promise<WalletTxn | undefined> {
    const row = await guardedUpdate<WalletTxnRow>(
      this.txHost.tx,
      `UPDATE wallet_transactions SET status = $3, updated_at = now(),
         upi_txn_id = coalesce($4, upi_txn_id), gateway_data = coalesce($5::jsonb, gateway_data),
         attention = coalesce($6, attention)
       WHERE txnid = $1 AND status = ANY($2::wallet_txn_status[]) RETURNING *`,
      [
        txnid,
        requireMoves('wallet transaction', walletTxnTransitions, from, to),
        to,
        patch.upiTxnId ?? null,
        patch.gatewayData === undefined ? null : JSON.stringify(patch.gatewayData),
        patch.attention ?? null,
      ],
    );
    return row && mapWalletTxnRow(row);
  }

  async setGateway(txnid: string, gateway: UpiCreatedOrder) {
    await this.txHost.tx.query(
      `UPDATE wallet_transactions SET gateway_order_id = $2, payment_url = $3, upi_intent = $4::jsonb,
         updated_at = now()
       WHERE txnid = $1`,
      [txnid, gateway.orderId, gateway.paymentUrl, JSON.stringify(gateway.upiIntent)],
    );
  }

  async saveGatewayData(txnid: string, data: unknown) {
    await this.txHost.tx.query(
      'UPDATE wallet_transactions SET gateway_data = $2::jsonb WHERE txnid = $1',
      [txnid, JSON.stringify(data)],
    );
  }

  async flag(txnid: string, attention: string) {
    await this.txHost.tx.query(
      'UPDATE wallet_transactions SET attention = $2, updated_at = now() WHERE txnid = $1',
      [txnid, attention],
    );
  }

  /** Top-ups still waiting for the gateway, for the sweep. */
  async openTopups(
    limit = 500,
  ): Promise<Array<Pick<WalletTxn, 'txnid' | 'verifyGeneration' | 'expiresAt'>>> {
    const rows: Array<Pick<WalletTxnRow, 'txnid' | 'verify_generation' | 'expires_at'>> =
      await this.txHost.tx.query(
        `SELECT txnid, verify_generation, expires_at FROM wallet_transactions
       WHERE purpose = 'topup' AND status IN ('Created', 'Pending')
         AND created_at < now() - make_interval(secs => $2)
       ORDER BY created_at LIMIT $1`,
        [limit, ENQUEUE_GRACE_MS / 1000],
      );
    return rows.map((row) => ({
      txnid: row.txnid,
      verifyGeneration: row.verify_generation,
      expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    }));
  }

  /** Failed top-ups whose late-payment check is due, the longest due first. */
  async lateChecksDue(
    now: Date,
    limit: number,
  ): Promise<Array<Pick<WalletTxn, 'txnid' | 'verifyGeneration'>>> {
    const rows: Array<Pick<WalletTxnRow, 'txnid' | 'verify_generation'>> =
      await this.txHost.tx.query(
        `SELECT txnid, verify_generation FROM wallet_transactions
         WHERE purpose = 'topup' AND status = 'Failed' AND next_check_at IS NOT NULL AND next_check_at <= $1
         ORDER BY next_check_at LIMIT $2`,
        [now, limit],
      );
    return rows.map((row) => ({ txnid: row.txnid, verifyGeneration: row.verify_generation }));
  }

  /**
   * Takes a failed top-up's next check generation and moves its next late check out by its age
   * (within `minMs`..`maxMs`), no further than `windowMs` after it was made; none after that.
   */
  async takeLateCheck(
    txnid: string,
    generation: number,
    now: Date,
    backoff: { minMs: number; maxMs: number; windowMs: number },
  ): Promise<number | undefined> {
    const row = await guardedUpdate<{ verify_generation: number }>(
      this.txHost.tx,
      `UPDATE wallet_transactions SET verify_generation = verify_generation + 1,
         next_check_at = CASE WHEN created_at + make_interval(secs => $6) <= $3 THEN NULL
           ELSE least(created_at + make_interval(secs => $6), $3::timestamptz + greatest(make_interval(secs => $4),
             least(make_interval(secs => $5), $3::timestamptz - created_at))) END
       WHERE txnid = $1 AND verify_generation = $2 AND status = 'Failed' RETURNING verify_generation`,
      [txnid, generation, now, backoff.minMs / 1000, backoff.maxMs / 1000, backoff.windowMs / 1000],
    );
    return row?.verify_generation;
  }

  async bumpGeneration(txnid: string, generation: number): Promise<number | undefined> {
    const row = await guardedUpdate<{ verify_generation: number }>(
      this.txHost.tx,
      `UPDATE wallet_transactions SET verify_generation = verify_generation + 1
       WHERE txnid = $1 AND verify_generation = $2 RETURNING verify_generation`,
      [txnid, generation],
    );
    return row?.verify_generation;
  }
}
