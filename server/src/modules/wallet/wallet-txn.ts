import type { UpiIntentLinks } from '../../providers/upigateway/upigateway.adapter.js';
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
  gateway_order_id: string | null;
  payment_url: string | null;
  upi_intent: UpiIntentLinks | null;
  upi_txn_id: string | null;
  gateway_data: Record<string, unknown> | null;
  attention: string | null;
  txn_date: string;
  expires_at: Date | string | null;
  verify_generation: number;
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
  userId: string;
  /** The holder's numeric id. */
  userid: number;
  userEmail: string;
  type: WalletTxnType;
  status: WalletTxnStatus;
  purpose: WalletTxnPurpose;
  amount: number;
  orderid: string | null;
  gatewayOrderId: string | null;
  /** A top-up's gateway payment page and UPI app links. */
  paymentUrl: string | null;
  upiIntent: UpiIntentLinks | null;
  upiTxnId: string | null;
  gatewayData: Record<string, unknown> | null;
  attention: string | null;
  /** The IST date (DD-MM-YYYY) the gateway is asked about. */
  txnDate: string;
  expiresAt: Date | null;
  verifyGeneration: number;
  createdAt: Date;
  updatedAt: Date;
}

export function mapWalletTxnRow(row: WalletTxnRow): WalletTxn {
  return {
    id: row.id,
    txnid: row.txnid,
    userId: row.user_id,
    userid: Number(row.userid),
    userEmail: row.useremail,
    type: row.type,
    status: row.status,
    purpose: row.purpose,
    amount: Number(row.amount),
    orderid: row.orderid,
    gatewayOrderId: row.gateway_order_id,
    paymentUrl: row.payment_url,
    upiIntent: row.upi_intent,
    upiTxnId: row.upi_txn_id,
    gatewayData: row.gateway_data,
    attention: row.attention,
    txnDate: row.txn_date,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    verifyGeneration: row.verify_generation,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
