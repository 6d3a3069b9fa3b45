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
}

export interface ProductInput {
  label: string;
}

export interface Product {
  _id: string;
  name: string;
  imgpath: string;
  type: string;
  category: string;
  isApi: boolean;
  importantnote?: string;
  inputs: ProductInput[];
  apiType?: string;
  deliveryTime?: string;
  guideImage?: string;
  /** Home tiles: the lowest price of a pack in stock, and its best discount in percent. */
  fromPrice?: number;
  bestDiscount?: number;
}

export interface HomeProducts {
  trending: Product[];
  instantGames: Product[];
  games: Product[];
  ott: Product[];
  others: Product[];
}

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

export interface Item {
  _id: string;
  id: number;
  itemid: number;
  name: string;
  imgpath?: string;
  inStock: boolean;
  originalprice: number;
  discountedprice: number;
  resellprice?: number;
}

export type OrderStatus =
  'Created' | 'Processing' | 'Completed' | 'Refunded' | 'Failed' | 'Cancelled';

export type PaymentMode = 'upi' | 'wallet';

export interface Order {
  _id: string;
  orderid: string;
  transactionid?: string;
  productname?: string;
  itemname: string;
  productId?: string;
  itemId?: string;
  status: OrderStatus;
  input1: string;
  input2?: string;
  value: number;
  useremail?: string;
  paymentmode: PaymentMode;
  reason?: string;
  /** Why it ended as it did and where the money went, in plain words. */
  customerReason?: string | null;
  /** The in-game name the player check found at checkout. */
  username?: string | null;
  isApi?: boolean;
  /** An unpaid UPI order's payment page, while it can still be paid. */
  paymentUrl?: string | null;
  createdAt: string;
  updatedAt?: string;
}

export type WalletTxnStatus = 'Created' | 'Pending' | 'Success' | 'Failed' | 'Processing';

export interface WalletTransaction {
  _id: string;
  txnid: string;
  type: 'Debit' | 'Credit' | 'Refunded';
  purpose?: 'topup' | 'order' | 'refund' | 'admin' | 'redeem' | 'late_payment';
  status: WalletTxnStatus;
  amount: number;
  createdAt: string;
  updatedAt?: string;
  orderid?: string;
}

export interface OrderStats {
  total_order: number;
  completed: number;
  refunded: number;
}

export interface MessageResponse {
  msg?: string;
  message?: string;
  code?: string;
}
