import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { todayInIndia } from '@/lib/format';
import { answerOf, api, idempotent } from './client';
import { nextPageAfter, pageQuery } from './paging';
import { queryKeys } from './queryKeys';

export const fetchWalletBalance = (userid: number) =>
  answerOf(api.GET('/api/wallet/getbalance/{userid}', { params: { path: { userid } } }));

export const fetchWalletTransactions = (userid: number, page: number) =>
  answerOf(
    api.GET('/api/wallet/gettransactions/{userid}', {
      params: { path: { userid }, query: pageQuery(page) },
    }),
  );

export const startWalletTopUp = (value: number, userid: number, idempotencyKey: string) =>
  answerOf(
    api.POST('/api/wallet/topup', { body: { value, userid }, ...idempotent(idempotencyKey) }),
  );

export const fetchWalletTxnStatus = (clientTxnId: string, date: string) =>
  answerOf(api.POST('/api/wallet/txnstatus', { body: { client_txn_id: clientTxnId, date } }));

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
