import type { RaRecord } from 'react-admin';

export type Role = 'user' | 'reseller' | 'admin';

/** The flags travel as the strings 'true' / 'false', as the spec shows them. */
export type FlagString = 'true' | 'false';

/** The user as `POST /api/auth/login` returns it. */
export interface SessionUser {
  _id: string;
  userid: number;
  name: string;
  email: string;
  mobilenumber: string | null;
  role: Role;
  verified: FlagString;
  isBlocked: FlagString;
  createdAt: string;
}

/** A row of `/api/admin/rest/users`. */
export interface User extends RaRecord {
  _id: string;
  userid: number;
  name: string;
  email: string;
  mobilenumber: string | null;
  role: Role;
  verified: FlagString;
  isBlocked: FlagString;
  /** Wallet balance in rupees. */
  balance: number;
  createdAt: string;
}

export type OrderStatus =
  'Created' | 'Processing' | 'Completed' | 'Refunded' | 'Failed' | 'Cancelled';

/** A row of `/api/admin/rest/orders`, also what `/api/admin/processing` answers. */
export interface Order extends RaRecord {
  _id: string;
  orderid: string;
  transactionid: string | null;
  productname: string;
  itemname: string;
  status: OrderStatus;
  input1: string;
  input2: string | null;
  /** Rupees. */
  value: number;
  useremail: string;
  userid: number;
  paymentmode: 'upi' | 'wallet';
  createdAt: string;
  updatedAt: string;
  reason: string | null;
  attention: string | null;
  fulfilmentStatus: string | null;
  isApi: boolean;
}

/** A row of `/api/admin/rest/audit-log`. */
export interface AuditEntry extends RaRecord {
  action: string;
  entity: string;
  entityId: string;
  actorId: string | null;
  actorEmail: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export type PackStatus = 'reserved' | 'sent' | 'confirmed' | 'failed' | 'unknown';

/** One supplier pack of an API order, from `/api/admin/orders/{_id}/packs`. */
export interface OrderPack {
  pack: number;
  supplier: string;
  productRef: string;
  reference: string;
  supplierReference: string | null;
  status: PackStatus;
  failure: 'player' | 'store' | null;
  tries: number;
  error: string | null;
  updatedAt: string;
}

export type WalletTxnType = 'Credit' | 'Debit' | 'Refunded';
export type WalletTxnStatus = 'Created' | 'Pending' | 'Success' | 'Failed' | 'Processing';

export interface WalletTransaction extends RaRecord {
  _id: string;
  txnid: string;
  type: WalletTxnType;
  status: WalletTxnStatus;
  /** Rupees. */
  amount: number;
  orderid: string | null;
  userid: number;
  useremail: string;
  createdAt: string;
  updatedAt: string;
}

export interface Product extends RaRecord {
  _id: string;
  productid: number;
  name: string;
  type: string;
  category: string;
  imgpath: string;
  importantnote: string | null;
  inputs: { label: string }[];
  items: number[];
  istrending: boolean;
  instock: boolean;
  isApi: boolean;
  apiType: string | null;
}

export interface Item extends RaRecord {
  _id: string;
  itemid: number;
  name: string;
  type: string | null;
  suggestedTask: string | null;
  originalprice: number;
  discountedprice: number;
  resellprice: number;
  isApi: boolean;
  apiType: string | null;
  itemidarray: string[];
  imgpath: string;
  inStock: boolean;
  productId: string | null;
}

export type DiscountType = 'percentage' | 'fixed';

export interface Coupon extends RaRecord {
  _id: string;
  couponCode: string;
  discountType: DiscountType;
  discountAmount: number | null;
  discountPercentage: number | null;
  /** `YYYY-MM-DD`. */
  expiryDate: string;
  minimumItemQuantity: number;
  minPurchaseAmount: number;
  maxDiscountAmount: number;
  isActive: boolean;
  usageLimit: number;
  userLimit: number;
  usedCount: number;
  description: string | null;
}

export type GalleryImageType =
  'CarouselMb' | 'CarouselPc' | 'Banner' | 'Popup' | 'Item' | 'Product';

export interface GalleryImage extends RaRecord {
  title: string;
  type: GalleryImageType;
  /** Relative to the host, e.g. `/uploads/...`. */
  url: string;
  redirectUrl: string | null;
}

export interface AdminStats {
  total_order: number;
  completed: number;
  refunded: number;
  processing: number;
  /** Rupees of Completed orders. */
  total_sale: number;
  /** The last 30 IST days, oldest first. */
  sales: { date: string; total: number; orders: number }[];
}
