import type { FulfilmentStatus } from './fulfilment-state.js';
import type { OrderStatus } from './order-state.js';

/** An `orders` row as PostgreSQL answers it (bigints as strings); read only by `mapOrderRow`. */
export interface OrderRow {
  id: string;
  orderid: string;
  user_id: string;
  userid: string;
  useremail: string;
  product_id: string;
  item_id: string;
  productname: string;
  itemname: string;
  input1: string;
  input2: string;
  price: string;
  discount: string;
  value: string;
  coupon_id: string | null;
  coupon_held: boolean;
  paymentmode: 'upi' | 'wallet';
  status: OrderStatus;
  fulfilment_status: FulfilmentStatus;
  attention: string | null;
  reason: string | null;
  customer_reason: string | null;
  player_name: string | null;
  payment_url: string | null;
  is_api: boolean;
  api_type: string | null;
  itemidarray: string[];
  transactionid: string | null;
  gateway_order_id: string | null;
  gateway_data: Record<string, unknown> | null;
  txn_date: string;
  expires_at: Date | string | null;
  late_check_until: Date | string | null;
  verify_generation: number;
  fulfil_generation: number;
  paid_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  buyer_state: string | null;
}

/** An order. Money in paise. */
export interface Order {
  /** The row's uuid (`_id` in the API). */
  id: string;
  /** The business id (`ZS...`). */
  orderid: string;
  /** The buyer's uuid. */
  userId: string;
  /** The buyer's numeric id. */
  userid: number;
  userEmail: string;
  productId: string;
  itemId: string;
  productName: string;
  itemName: string;
  input1: string;
  input2: string;
  price: number;
  discount: number;
  /** What was paid: `price` less `discount`. */
  value: number;
  couponId: string | null;
  /** The coupon use is still taken by this order. */
  couponHeld: boolean;
  paymentMode: 'upi' | 'wallet';
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
  attention: string | null;
  reason: string | null;
  customerReason: string | null;
  playerName: string | null;
  paymentUrl: string | null;
  isApi: boolean;
  apiType: string | null;
  /** The supplier's product of each pack, in the order they are bought. */
  itemIdArray: string[];
  transactionId: string | null;
  gatewayOrderId: string | null;
  gatewayData: Record<string, unknown> | null;
  /** The IST date (DD-MM-YYYY) the gateway is asked about. */
  txnDate: string;
  expiresAt: Date | null;
  lateCheckUntil: Date | null;
  verifyGeneration: number;
  fulfilGeneration: number;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The buyer's GST state code at placement (null: not given; the invoice uses the store's). */
  buyerState: string | null;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export function mapOrderRow(row: OrderRow): Order {
  return {
    id: row.id,
    orderid: row.orderid,
    userId: row.user_id,
    userid: Number(row.userid),
    userEmail: row.useremail,
    productId: row.product_id,
    itemId: row.item_id,
    productName: row.productname,
    itemName: row.itemname,
    input1: row.input1,
    input2: row.input2,
    price: Number(row.price),
    discount: Number(row.discount),
    value: Number(row.value),
    couponId: row.coupon_id,
    couponHeld: row.coupon_held,
    paymentMode: row.paymentmode,
    status: row.status,
    fulfilmentStatus: row.fulfilment_status,
    attention: row.attention,
    reason: row.reason,
    customerReason: row.customer_reason,
    playerName: row.player_name,
    paymentUrl: row.payment_url,
    isApi: row.is_api,
    apiType: row.api_type,
    itemIdArray: row.itemidarray,
    transactionId: row.transactionid,
    gatewayOrderId: row.gateway_order_id,
    gatewayData: row.gateway_data,
    txnDate: row.txn_date,
    expiresAt: dateOrNull(row.expires_at),
    lateCheckUntil: dateOrNull(row.late_check_until),
    verifyGeneration: row.verify_generation,
    fulfilGeneration: row.fulfil_generation,
    paidAt: dateOrNull(row.paid_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    buyerState: row.buyer_state ?? null,
  };
}
