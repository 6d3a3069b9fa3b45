import type { Schemas } from '@zstore/contract/api';

export type Role = 'user' | 'reseller' | 'admin';

export interface User {
  _id: string;
  userid: number;
  name: string;
  email: string;
  mobilenumber?: string | null;
  role: Role;
  verified?: 'true' | 'false';
  isBlocked?: 'true' | 'false';
  /** GST state code of residence (tax invoices). */
  state?: string | null;
  /** A reseller's GSTIN. */
  gstin?: string | null;
}

export interface ProductInput {
  label: string;
}

/** A product; its page also carries the delivery guarantee. */
export type Product = Schemas['ProductPageDto'];

/** A product on the home page's tiles, with its lowest price and best discount. */
export type HomeProduct = Schemas['HomeProductDto'];

export type HomeProducts = Schemas['HomeProductsDto'];

export interface GalleryImage {
  url: string;
  redirectUrl?: string;
  title?: string;
}

export interface GalleryImages {
  CarouselMb: GalleryImage[];
  CarouselPc: GalleryImage[];
  Popup: GalleryImage[];
}

export type Item = Schemas['ItemResponseDto'];

export type { OrderStatus, WalletTxnStatus } from '@zstore/contract/statuses';

export type PaymentMode = 'upi' | 'wallet';

export type Order = Schemas['OrderResponseDto'];

export type WalletTransaction = Schemas['WalletTransactionDto'];

export type OrderStats = Schemas['OrderStatsDto'];

export interface MessageResponse {
  msg?: string;
  message?: string;
  code?: string;
}
