import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { todayInIndia } from '@/lib/format';
import type { ApiAnswer, ApiBody } from '@zstore/contract/api';
import { apiRequest } from './client';
import { nextPageAfter, pagePath } from './paging';
import { queryKeys } from './queryKeys';

export const fetchWalletBalance = (userid: number) =>
  apiRequest<ApiAnswer<'/wallet/getbalance/{userid}', 'get'>>(`/wallet/getbalance/${userid}`);

export const fetchWalletTransactions = (userid: number, page: number) =>
  apiRequest<ApiAnswer<'/wallet/gettransactions/{userid}', 'get'>>(
    pagePath(`/wallet/gettransactions/${userid}`, page),
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

/** The one cached Z-Coins balance every view of it shares. */
export const walletBalanceQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.walletBalance(userid),
    queryFn: () => fetchWalletBalance(userid),
  });

/** The wallet's history, newest first, one page more each time the customer asks. */
export const walletTransactionsQuery = (userid: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.walletTransactions(userid),
    queryFn: ({ pageParam }) => fetchWalletTransactions(userid, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageAfter,
  });

/** A top-up's progress, read afresh on every visit. */
export const walletTxnStatusQuery = (clientTxnId: string) =>
  queryOptions({
    queryKey: queryKeys.walletTxnStatus(clientTxnId),
    queryFn: () => fetchWalletTxnStatus(clientTxnId, todayInIndia()),
    staleTime: 0,
  });
