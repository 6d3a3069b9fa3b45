/** The statuses the API answers, shared by the server, the storefront and the console. */

/** Every status an order can be in, in the order people read them (spec 000). */
export const ORDER_STATUSES = [
  'Created',
  'Processing',
  'Completed',
  'Refunded',
  'Failed',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every status a wallet transaction (a top-up, a debit, a credit) can be in. */
export const WALLET_TXN_STATUSES = [
  'Created',
  'Pending',
  'Success',
  'Failed',
  'Processing',
] as const;
export type WalletTxnStatus = (typeof WALLET_TXN_STATUSES)[number];
