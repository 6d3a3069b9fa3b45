import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { todayInIndia } from '@/lib/format';
import type { ApiAnswer, Schemas } from '@zstore/contract/api';
import { answerOf, api, idempotent } from './client';
import { nextPageAfter, pageQuery } from './paging';
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
  answerOf(api.POST('/api/order/checkid', { body: request }));

/** The spec's client also looks for `error` in the answer (the error body's field). */
type UpiOrderAnswer = ApiAnswer<'/order/createOrder', 'post'> &
  Partial<Pick<Schemas['ErrorBodyWithError'], 'error'>>;

export const createUpiOrder = (order: OrderRequest, idempotencyKey: string) =>
  answerOf<UpiOrderAnswer>(
    api.POST('/api/order/createOrder', {
      body: { ...order, paymentmode: 'upi' },
      ...idempotent(idempotencyKey),
    }),
  );

export const createWalletOrder = (order: OrderRequest, idempotencyKey: string) =>
  answerOf(
    api.POST('/api/order/createWalletOrder', {
      body: { ...order, paymentmode: 'wallet' },
      ...idempotent(idempotencyKey),
    }),
  );

type GuestOrderBody = Schemas['GuestOrderDto'];

/** A guest checkout: the pack and player, and the buyer's contacts instead of an account. */
export interface GuestOrderRequest {
  itemid: number;
  product_id: string;
  item_id: string;
  input1: string;
  input2: string;
  email: string;
  mobile: string;
  state: string;
}

export const createGuestOrder = (order: GuestOrderRequest, idempotencyKey: string) =>
  answerOf<UpiOrderAnswer>(
    api.POST('/api/order/guest', {
      body: { ...order, state: order.state as GuestOrderBody['state'] },
      ...idempotent(idempotencyKey),
    }),
  );

export const fetchGuestOrder = (orderid: string, mobile: string) =>
  answerOf(api.POST('/api/order/guest/lookup', { body: { orderid, mobile } }));

/** A guest order's progress, for the mobile it was placed with. */
export const guestOrderQuery = (orderid: string, mobile: string) =>
  queryOptions({
    queryKey: queryKeys.guestOrder(orderid, mobile),
    queryFn: () => fetchGuestOrder(orderid, mobile),
    staleTime: 0,
  });

export const fetchOrderStatus = (clientTxnId: string, date: string) =>
  answerOf(api.POST('/api/order/orderstatus', { body: { client_txn_id: clientTxnId, date } }));

export const fetchOrders = (userid: number, page: number) =>
  answerOf(
    api.GET('/api/order/{userid}', { params: { path: { userid }, query: pageQuery(page) } }),
  );

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
