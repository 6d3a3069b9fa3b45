import type { ApiAnswer, ApiBody } from '@api-contract';
import { apiRequest } from './client';

export const fetchWalletBalance = (userid: number) =>
  apiRequest<ApiAnswer<'/wallet/getbalance/{userid}', 'get'>>(`/wallet/getbalance/${userid}`);

export const fetchWalletTransactions = (userid: number) =>
  apiRequest<ApiAnswer<'/wallet/gettransactions/{userid}', 'get'>>(
    `/wallet/gettransactions/${userid}`,
  );

export const startWalletTopUp = (value: number, userid: number, idempotencyKey: string) =>
  apiRequest<ApiAnswer<'/wallet/topup', 'post'>>('/wallet/topup', {
    body: { value, userid } satisfies ApiBody<'/wallet/topup', 'post'>,
    idempotencyKey,
  });

export const fetchWalletTxnStatus = (clientTxnId: string, date: string) =>
  apiRequest<ApiAnswer<'/wallet/txnstatus', 'post'>>('/wallet/txnstatus', {
    body: { client_txn_id: clientTxnId, date } satisfies ApiBody<'/wallet/txnstatus', 'post'>,
  });
