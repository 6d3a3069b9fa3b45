import type { OrderStatus } from '@zstore/contract/statuses';
import { sha256Hex } from './request-signature.js';

/** The `order` object of the reseller API (RESELLER-API.md section 3). */
export interface ResellerOrderView {
  orderid: string;
  reference: string;
  status: OrderStatus;
  item_id: string;
  item_name: string;
  product_name: string;
  input1: string;
  input2: string;
  username?: string;
  price_paise: number;
  created_at: string;
  updated_at: string;
  completed_at?: string;
  refund?: { amount_paise: number; reason: string };
}

/** What an order asks for: a resend must ask for the same; a reference asking for more is reused. */
export interface OrderRequest {
  reference: string;
  item_id: string;
  input1: string;
  input2: string;
  /** Not part of what the order asks for: a resend may name another. */
  callback_url?: string;
}

export const requestHash = (request: OrderRequest) =>
  sha256Hex(JSON.stringify([request.item_id, request.input1, request.input2]));

export const REFERENCE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
