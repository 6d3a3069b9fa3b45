import type { Schemas } from '@zstore/contract/api';
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

export type { OrderStatus, WalletTxnStatus } from '@zstore/contract/statuses';

/** A row of `/api/admin/rest/orders`, also what `/api/admin/processing` answers. */
export type Order = Schemas['OrderResponseDto'];

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
export type OrderPack = Schemas['OrderPackResponseDto'];

export type WalletTxnType = 'Credit' | 'Debit' | 'Refunded';

export type WalletTransaction = Schemas['WalletTransactionDto'];

export type Product = Schemas['AdminProductDto'];

export type Item = Schemas['AdminItemDto'];

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

export type AdminStats = Schemas['AdminStatsDto'];

export type PendingOrderAction = 'Completed' | 'Refund' | 'Cancelled';

/** What an admin mutation answers: the spec's success text. */
export interface AdminAnswer {
  message?: string;
}

/** An alert still open, from `/api/admin/alerts`. */
export interface OpenAlert {
  key: string;
  kind: string;
  message: string;
  openedAt: string;
}

export type PointsRegion = 'BR' | 'PH';

export interface PointsAnswer {
  status: number | string;
  smile_points: number | string;
}

export interface Referral extends RaRecord {
  id: string;
  status: 'pending' | 'rewarded' | 'refused' | 'void';
  referrer: string;
  referrerUserid: number;
  referee: string;
  refereeUserid: number;
  orderid: string | null;
  referrerPoints: number;
  refereePoints: number;
  clawedBackPoints: number;
  refusedWhy: string | null;
  voidReason: string | null;
  createdAt: string;
  rewardedAt: string | null;
}

/** A reseller's API key as the console lists it (never its secret). */
export type ResellerKey = Schemas['ResellerKeyDto'];
/** A key just created: its secret is shown this once. */
export type CreatedResellerKey = Schemas['ResellerCreatedKeyDto'];
/** One callback event with its attempts, from the delivery log. */
export type CallbackEvent = Schemas['CallbackEventDto'];
