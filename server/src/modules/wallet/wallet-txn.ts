import { userNumber, userUuid, type UserNumber, type UserUuid } from '../../common/ids.js';
import type { WalletTxnStatus } from './wallet-state.js';

export type WalletTxnType = 'Credit' | 'Debit' | 'Refunded';
export type WalletTxnPurpose =
  'topup' | 'order' | 'refund' | 'admin' | 'redeem' | 'late_payment' | 'compensation';

/** A `wallet_transactions` row as PostgreSQL answers it; read only by `mapWalletTxnRow`. */
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
  upi_txn_id: string | null;
  attention: string | null;
  txn_date: string;
  payment_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A line of a customer's Z-Coins history. `amount` in paise, always positive. */
export interface WalletTxn {
  /** The row's uuid (`_id` in the API). */
  id: string;
  /** The business id (`ZT...`). */
  txnid: string;
  /** The holder's uuid. */
  userId: UserUuid;
  /** The holder's numeric id. */
  userid: UserNumber;
  userEmail: string;
  type: WalletTxnType;
  status: WalletTxnStatus;
  purpose: WalletTxnPurpose;
  amount: number;
  orderid: string | null;
  upiTxnId: string | null;
  attention: string | null;
  /** The IST date (DD-MM-YYYY) the gateway is asked about. */
  txnDate: string;
  /** A top-up's UPI payment (`payments`). */
  paymentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function mapWalletTxnRow(row: WalletTxnRow): WalletTxn {
  return {
    id: row.id,
    txnid: row.txnid,
    userId: userUuid(row.user_id),
    userid: userNumber(Number(row.userid)),
    userEmail: row.useremail,
    type: row.type,
    status: row.status,
    purpose: row.purpose,
    amount: Number(row.amount),
    orderid: row.orderid,
    upiTxnId: row.upi_txn_id,
    attention: row.attention,
    txnDate: row.txn_date,
    paymentId: row.payment_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
