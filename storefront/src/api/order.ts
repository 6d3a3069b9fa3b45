import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { todayInIndia } from '@/lib/format';
import type { ApiAnswer, ApiBody, Schemas } from '@zstore/contract/api';
import { apiRequest } from './client';
import { nextPageAfter, pagePath } from './paging';
import { queryKeys } from './queryKeys';

export interface CheckIdRequest {
  userid: string;
  zoneid: string;
  selectedProduct: string;
  selectedItem: string;
}

export interface CheckIdResponse {
  message?: string;
  use?: string;
  username?: string;
}

export interface OrderRequest {
  itemid: number;
  product_id: string;
  userid: number;
  input1: string;
  input2: string;
  couponCode: string;
  item_id: string;
}

export const checkPlayerId = (request: CheckIdRequest) =>
  apiRequest<ApiAnswer<'/order/checkid', 'post'>>('/order/checkid', {
    body: request satisfies ApiBody<'/order/checkid', 'post'>,
  });

export const createUpiOrder = (order: OrderRequest, idempotencyKey: string) =>
  // The spec's client also looks for `error` in the answer (the error body's field).
  apiRequest<
    ApiAnswer<'/order/createOrder', 'post'> & Partial<Pick<Schemas['ErrorBodyWithError'], 'error'>>
  >('/order/createOrder', {
    body: { ...order, paymentmode: 'upi' } satisfies ApiBody<'/order/createOrder', 'post'>,
    idempotencyKey,
  });

export const createWalletOrder = (order: OrderRequest, idempotencyKey: string) =>
  apiRequest<ApiAnswer<'/order/createWalletOrder', 'post'>>('/order/createWalletOrder', {
    body: { ...order, paymentmode: 'wallet' } satisfies ApiBody<'/order/createWalletOrder', 'post'>,
    idempotencyKey,
  });

export const fetchOrderStatus = (clientTxnId: string, date: string) =>
  apiRequest<ApiAnswer<'/order/orderstatus', 'post'>>('/order/orderstatus', {
    body: { client_txn_id: clientTxnId, date } satisfies ApiBody<'/order/orderstatus', 'post'>,
  });

export const fetchOrders = (userid: number, page: number) =>
  apiRequest<ApiAnswer<'/order/{userid}', 'get'>>(pagePath(`/order/${userid}`, page));

/** My Orders, newest first, one page more each time the customer asks. */
export const ordersQuery = (userid: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders(userid),
    queryFn: ({ pageParam }) => fetchOrders(userid, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageAfter,
  });

/** An order's progress, read afresh on every visit. */
export const orderStatusQuery = (clientTxnId: string) =>
  queryOptions({
    queryKey: queryKeys.orderStatus(clientTxnId),
    queryFn: () => fetchOrderStatus(clientTxnId, todayInIndia()),
    staleTime: 0,
  });
