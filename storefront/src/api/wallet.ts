import { apiRequest } from './client';
import type { WalletTransaction } from './types';

export const fetchWalletBalance = (userid: number) =>
  apiRequest<{ balance: number }>(`/wallet/getbalance/${userid}`);

export const fetchWalletTransactions = (userid: number) =>
  apiRequest<WalletTransaction[]>(`/wallet/gettransactions/${userid}`);

export const startWalletTopUp = (value: number, userid: number, idempotencyKey: string) =>
  apiRequest<{ data?: { payment_url?: string } }>('/wallet/topup', {
    body: { value, userid },
    idempotencyKey,
  });

export const fetchWalletTxnStatus = (clientTxnId: string, date: string) =>
  apiRequest<{ data?: { txnid: string; status: string; amount: number } }>('/wallet/txnstatus', {
    body: { client_txn_id: clientTxnId, date },
  });
