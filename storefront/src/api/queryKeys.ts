import type { Role } from './types';

/**
 * Every cached read of the storefront, by key. The catalogue is the same for everyone; what
 * sits under `account(userid)` belongs to one signed-in customer and changes when money moves.
 */
/**
 * Who a catalogue answer is for: resellers and admins get trade prices, so each audience keeps
 * a copy of its own, as the server does.
 */
export type Audience = 'public' | 'trade';

export const audienceOf = (role: Role | undefined): Audience =>
  role === 'reseller' || role === 'admin' ? 'trade' : 'public';

export const queryKeys = {
  catalogue: ['catalogue'] as const,
  homeProducts: (audience: Audience) =>
    [...queryKeys.catalogue, 'home-products', audience] as const,
  gallery: () => [...queryKeys.catalogue, 'gallery'] as const,
  product: (id: string) => [...queryKeys.catalogue, 'product', id] as const,
  items: (productId: string, audience: Audience) =>
    [...queryKeys.catalogue, 'items', productId, audience] as const,

  account: (userid: number) => ['account', userid] as const,
  walletBalance: (userid: number) => [...queryKeys.account(userid), 'wallet-balance'] as const,
  pointsBalance: (userid: number) => [...queryKeys.account(userid), 'points-balance'] as const,
  referrals: (userid: number) => [...queryKeys.account(userid), 'referrals'] as const,
  whatsApp: (userid: number) => [...queryKeys.account(userid), 'whatsapp'] as const,
  walletTransactions: (userid: number) =>
    [...queryKeys.account(userid), 'wallet-transactions'] as const,
  orders: (userid: number) => [...queryKeys.account(userid), 'orders'] as const,
  orderStats: (userid: number) => [...queryKeys.account(userid), 'order-stats'] as const,
  savedPlayers: (userid: number) => [...queryKeys.account(userid), 'saved-players'] as const,
  resellerKeys: (userid: number) => [...queryKeys.account(userid), 'reseller-keys'] as const,
  resellerBatch: (userid: number, batchId: string) =>
    [...queryKeys.account(userid), 'reseller-batch', batchId] as const,

  /** One payment's progress; kept apart from the account so refreshing it never re-reads these. */
  orderStatus: (clientTxnId: string) => ['order-status', clientTxnId] as const,
  guestOrder: (orderid: string, mobile: string) => ['guest-order', orderid, mobile] as const,
  walletTxnStatus: (clientTxnId: string) => ['wallet-txn-status', clientTxnId] as const,
};
