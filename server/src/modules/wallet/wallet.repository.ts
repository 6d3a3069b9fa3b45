import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { requireMoves } from '../../common/state-machine.js';
import { ENQUEUE_GRACE_MS } from '../../jobs/job.types.js';
import { walletTxnTransitions, type WalletTxnStatus } from './wallet-state.js';

export type { WalletTxnStatus } from './wallet-state.js';

export type WalletTxnType = 'Credit' | 'Debit' | 'Refunded';
export type WalletTxnPurpose = 'topup' | 'order' | 'refund' | 'admin' | 'redeem' | 'late_payment';

export interface WalletTxnRow {
  id: string;
  txnid: string;
  user_id: string;
  userid: string;
  useremail: string;
  type: WalletTxnType;
  status: WalletTxnStatus;
  purpose: WalletTxnPurpose;
  amount: string;
  orderid: string | null;
  gateway_order_id: string | null;
  upi_txn_id: string | null;
  gateway_data: Record<string, unknown> | null;
  attention: string | null;
  txn_date: string;
  expires_at: Date | null;
  verify_generation: number;
  created_at: Date;
  updated_at: Date;
}

export interface NewWalletTxn {
  txnid: string;
  userId: string;
  userid: number;
  useremail: string;
  type: WalletTxnType;
  status: WalletTxnStatus;
  purpose: WalletTxnPurpose;
  amount: number;
  orderid?: string | null;
  txnDate: string;
  expiresAt?: Date | null;
  attention?: string | null;
}

/** The `wallet_transactions` table: the user-facing history with its mutable status. */
@Injectable()
export class WalletRepository {
  constructor(private readonly db: DataSource) {}

  /** Inserts the row; with `onceForOrder`, a second row for the same order and purpose is skipped (undefined). */
  async insert(
    manager: EntityManager,
    txn: NewWalletTxn,
    onceForOrder = false,
  ): Promise<WalletTxnRow | undefined> {
    const rows: WalletTxnRow[] = await manager.query(
      `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount, orderid, txn_date,
                                        expires_at, attention)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ${onceForOrder ? `ON CONFLICT (orderid, purpose) WHERE orderid IS NOT NULL AND purpose IN ('refund', 'late_payment', 'order') DO NOTHING` : ''}
       RETURNING *`,
      [
        txn.txnid,
        txn.userId,
        txn.userid,
        txn.useremail,
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
    return rows[0];
  }

  async get(
    txnid: string,
    manager: EntityManager = this.db.manager,
  ): Promise<WalletTxnRow | undefined> {
    const rows: WalletTxnRow[] = await manager.query(
      'SELECT * FROM wallet_transactions WHERE txnid = $1',
      [txnid],
    );
    return rows[0];
  }

  listForUser(userid: number, limit: number, offset: number): Promise<WalletTxnRow[]> {
    return this.db.query(
      `SELECT * FROM wallet_transactions WHERE userid = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userid, limit, offset],
    );
  }

  /**
   * Guarded status change: only from one of `from`, each a legal source of `to` in
   * `walletTxnTransitions`; undefined when the row was elsewhere.
   */
  async move(
    manager: EntityManager,
    txnid: string,
    from: WalletTxnStatus[],
    to: WalletTxnStatus,
    patch: { upiTxnId?: string | null; gatewayData?: unknown; attention?: string | null } = {},
  ): Promise<WalletTxnRow | undefined> {
    const [rows] = await manager.query<[WalletTxnRow[], number]>(
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
    return rows[0];
  }

  async setGateway(txnid: string, gatewayOrderId: string) {
    await this.db.query(
      'UPDATE wallet_transactions SET gateway_order_id = $2, updated_at = now() WHERE txnid = $1',
      [txnid, gatewayOrderId],
    );
  }

  async saveGatewayData(txnid: string, data: unknown) {
    await this.db.query(
      'UPDATE wallet_transactions SET gateway_data = $2::jsonb WHERE txnid = $1',
      [txnid, JSON.stringify(data)],
    );
  }

  async flag(txnid: string, attention: string) {
    await this.db.query(
      'UPDATE wallet_transactions SET attention = $2, updated_at = now() WHERE txnid = $1',
      [txnid, attention],
    );
  }

  /** Top-ups still waiting for the gateway, for the sweep. */
  openTopups(
    limit = 500,
  ): Promise<Array<{ txnid: string; verify_generation: number; expires_at: Date | null }>> {
    return this.db.query(
      `SELECT txnid, verify_generation, expires_at FROM wallet_transactions
       WHERE purpose = 'topup' AND status IN ('Created', 'Pending')
         AND created_at < now() - make_interval(secs => $2)
       ORDER BY created_at LIMIT $1`,
      [limit, ENQUEUE_GRACE_MS / 1000],
    );
  }

  async bumpGeneration(txnid: string, generation: number): Promise<number | undefined> {
    const [rows] = await this.db.query<[Array<{ verify_generation: number }>, number]>(
      `UPDATE wallet_transactions SET verify_generation = verify_generation + 1
       WHERE txnid = $1 AND verify_generation = $2 RETURNING verify_generation`,
      [txnid, generation],
    );
    return rows[0]?.verify_generation;
  }
}
