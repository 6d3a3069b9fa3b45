import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Statement } from '../../database/statement.js';
import { guardedUpdate } from '../../database/transactions.js';
import { Injectable } from '@nestjs/common';
import { requireMoves } from '../../common/state-machine.js';
import { walletTxnTransitions, type WalletTxnStatus } from './wallet-state.js';
import { entityFromRow } from '../../database/entity-rows.js';
import { WalletTransactionEntity, type WalletTxn } from './wallet-transaction.entity.js';

export type { WalletTxnStatus } from './wallet-state.js';
export type { WalletTxn, WalletTxnPurpose, WalletTxnType } from './wallet-transaction.entity.js';

export type NewWalletTxn = Pick<
  WalletTxn,
  'txnid' | 'userId' | 'userid' | 'userEmail' | 'type' | 'status' | 'purpose' | 'amount' | 'txnDate'
> &
  Partial<Pick<WalletTxn, 'orderid' | 'attention'>>;

/** The insert of a row; with `onceForOrder`, skipped when the order already has one of its purpose. */
function walletLineInsert(txn: NewWalletTxn, onceForOrder: boolean): Statement {
  return {
    sql: `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount, orderid, txn_date,
                                          attention)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ${onceForOrder ? `ON CONFLICT (orderid, purpose) WHERE orderid IS NOT NULL AND purpose IN ('refund', 'late_payment', 'order', 'compensation') DO NOTHING` : ''}`,
    parameters: [
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
      txn.attention ?? null,
    ],
  };
}

/** The `wallet_transactions` table: the user-facing history with its mutable status. */
@Injectable()
export class WalletRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * Inserts the row; with `onceForOrder`, a second row for the same order and purpose is skipped
   * (undefined). SQL: the skip is `ON CONFLICT` on a partial unique index, in the one statement.
   */
  async insert(txn: NewWalletTxn, onceForOrder = false): Promise<WalletTxn | undefined> {
    const { sql, parameters } = walletLineInsert(txn, onceForOrder);
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      `${sql} RETURNING *`,
      parameters,
    );
    return rows[0] && entityFromRow(this.txHost.tx, WalletTransactionEntity, rows[0]);
  }

  /** The insert of a row, for a statement that writes it alongside its ledger movement. */
  lineInsert(txn: NewWalletTxn): Statement {
    return walletLineInsert(txn, false);
  }

  async get(txnid: string): Promise<WalletTxn | undefined> {
    return (await this.txHost.tx.findOneBy(WalletTransactionEntity, { txnid })) ?? undefined;
  }

  /**
   * A page of the customer's wallet history, newest first. SQL: past the first page, the page's ids
   * from the customer's newest-first index alone, so a page by number skips index entries, not
   * whole rows (the first page reads its rows straight from the index, which costs less).
   */
  async listForUser(userid: number, limit: number, offset: number): Promise<WalletTxn[]> {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      offset === 0
        ? 'SELECT * FROM wallet_transactions WHERE userid = $1 ORDER BY created_at DESC, id DESC LIMIT $2'
        : `SELECT wallet_transactions.* FROM (
             SELECT id FROM wallet_transactions WHERE userid = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3
           ) page JOIN wallet_transactions USING (id)
           ORDER BY wallet_transactions.created_at DESC, wallet_transactions.id DESC`,
      offset === 0 ? [userid, limit] : [userid, limit, offset],
    );
    return rows.map((row) => entityFromRow(this.txHost.tx, WalletTransactionEntity, row));
  }

  /**
   * Guarded status change: only from one of `from`, each a legal source of `to` in
   * `walletTxnTransitions`; undefined when the row was elsewhere. SQL: one guarded
   * `UPDATE ... RETURNING`, read back as the entity.
   */
  async move(
    txnid: string,
    from: WalletTxnStatus[],
    to: WalletTxnStatus,
    patch: { upiTxnId?: string | null; attention?: string | null } = {},
  ): Promise<WalletTxn | undefined> {
    const row = await guardedUpdate<Record<string, unknown>>(
      this.txHost.tx,
      `UPDATE wallet_transactions SET status = $3, updated_at = now(),
         upi_txn_id = coalesce($4, upi_txn_id), attention = coalesce($5, attention)
       WHERE txnid = $1 AND status = ANY($2::wallet_txn_status[]) RETURNING *`,
      [
        txnid,
        requireMoves('wallet transaction', walletTxnTransitions, from, to),
        to,
        patch.upiTxnId ?? null,
        patch.attention ?? null,
      ],
    );
    return row && entityFromRow(this.txHost.tx, WalletTransactionEntity, row);
  }

  async flag(txnid: string, attention: string) {
    await this.txHost.tx.update(
      WalletTransactionEntity,
      { txnid },
      { attention, updatedAt: () => 'now()' },
    );
  }

  /** The top-up keeps the id of its UPI payment. */
  async attachPayment(txnid: string, paymentId: string) {
    await this.txHost.tx.update(WalletTransactionEntity, { txnid }, { paymentId });
  }
}
