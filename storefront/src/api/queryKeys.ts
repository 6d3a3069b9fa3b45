/**
 * Every cached read of the storefront, by key. The catalogue is the same for everyone; what
 * sits under `account(userid)` belongs to one signed-in customer and changes when money moves.
 */
export const queryKeys = {
  catalogue: ['catalogue'] as const,
  homeProducts: () => [...queryKeys.catalogue, 'home-products'] as const,
  gallery: () => [...queryKeys.catalogue, 'gallery'] as const,
  product: (id: string) => [...queryKeys.catalogue, 'product', id] as const,
  items: (productId: string) => [...queryKeys.catalogue, 'items', productId] as const,

  account: (userid: number) => ['account', userid] as const,
  walletBalance: (userid: number) => [...queryKeys.account(userid), 'wallet-balance'] as const,
  pointsBalance: (userid: number) => [...queryKeys.account(userid), 'points-balance'] as const,
  walletTransactions: (userid: number) =>
    [...queryKeys.account(userid), 'wallet-transactions'] as const,
  orders: (userid: number) => [...queryKeys.account(userid), 'orders'] as const,
  orderStats: (userid: number) => [...queryKeys.account(userid), 'order-stats'] as const,
  savedPlayers: (userid: number) => [...queryKeys.account(userid), 'saved-players'] as const,

  /** One payment's progress; kept apart from the account so refreshing it never re-reads these. */
  orderStatus: (clientTxnId: string) => ['order-status', clientTxnId] as const,
  walletTxnStatus: (clientTxnId: string) => ['wallet-txn-status', clientTxnId] as const,
};
