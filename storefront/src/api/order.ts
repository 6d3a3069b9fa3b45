import { apiRequest } from './client';
import type { Order } from './types';

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
  apiRequest<CheckIdResponse>('/order/checkid', { body: request });

export const createUpiOrder = (order: OrderRequest, idempotencyKey: string) =>
  apiRequest<{ status?: boolean | string; data?: { payment_url?: string }; error?: string }>(
    '/order/createOrder',
    { body: { ...order, paymentmode: 'upi' }, idempotencyKey },
  );

export const createWalletOrder = (order: OrderRequest, idempotencyKey: string) =>
  apiRequest<{ msg?: string; redirect_url?: string }>('/order/createWalletOrder', {
    body: { ...order, paymentmode: 'wallet' },
    idempotencyKey,
  });

export const fetchOrderStatus = (clientTxnId: string, date: string) =>
  apiRequest<{ order?: Order; data?: unknown }>('/order/orderstatus', {
    body: { client_txn_id: clientTxnId, date },
  });

export const fetchOrders = (userid: number) => apiRequest<Order[]>(`/order/${userid}`);
