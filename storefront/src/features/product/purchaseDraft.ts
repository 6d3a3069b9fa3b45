/** A purchase being prepared: the pack and the player, carried in the product page's URL. */
export interface PurchaseDraft {
  itemId?: string;
  input1: string;
  input2: string;
  /** Coming back from a top-up: the coupon applied and the sheet reopened on Z-Coins. */
  coupon?: string;
  payWithCoins?: boolean;
}

/** The product page with the pack and player filled in (after sign-in, 'Buy again'). */
export function draftUrl(productId: string, draft: PurchaseDraft): string {
  const params = new URLSearchParams();
  if (draft.itemId) params.set('item', draft.itemId);
  if (draft.input1) params.set('input1', draft.input1);
  if (draft.input2) params.set('input2', draft.input2);
  if (draft.coupon) params.set('coupon', draft.coupon);
  if (draft.payWithCoins) params.set('pay', 'coins');
  const query = params.toString();
  return `/product/${encodeURIComponent(productId)}${query ? `?${query}` : ''}`;
}

export function readDraft(params: URLSearchParams): PurchaseDraft | null {
  if (!params.has('item') && !params.has('input1') && !params.has('input2')) return null;
  return {
    itemId: params.get('item') ?? undefined,
    input1: params.get('input1') ?? '',
    input2: params.get('input2') ?? '',
    coupon: params.get('coupon') ?? undefined,
    payWithCoins: params.get('pay') === 'coins',
  };
}

const RESUME_KEY = 'zs_resume_purchase';

/** The order waiting for a top-up to land; kept for this tab through the payment page. */
export function keepPurchaseForTopUp(url: string) {
  try {
    sessionStorage.setItem(RESUME_KEY, url);
  } catch {
    // Storage disabled: the wallet page simply offers no way back to the order.
  }
}

export function purchaseAfterTopUp(): string | null {
  try {
    const url = sessionStorage.getItem(RESUME_KEY);
    return url?.startsWith('/product/') ? url : null;
  } catch {
    return null;
  }
}

export function forgetPurchaseAfterTopUp() {
  try {
    sessionStorage.removeItem(RESUME_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

const playerKey = (userid: number, productId: string) => `zs_player:${userid}:${productId}`;

/** The last player this customer bought for on this product, on this device. */
export function rememberPlayer(userid: number, productId: string, input1: string, input2: string) {
  try {
    localStorage.setItem(playerKey(userid, productId), JSON.stringify({ input1, input2 }));
  } catch {
    // Storage full or disabled: the form is simply not prefilled next time.
  }
}

export function rememberedPlayer(userid: number, productId: string): PurchaseDraft | null {
  try {
    const stored = JSON.parse(localStorage.getItem(playerKey(userid, productId)) ?? 'null') as {
      input1?: unknown;
      input2?: unknown;
    } | null;
    if (typeof stored?.input1 !== 'string' || typeof stored.input2 !== 'string') return null;
    return { input1: stored.input1, input2: stored.input2 };
  } catch {
    return null;
  }
}

export function forgetPlayer(userid: number, productId: string) {
  try {
    localStorage.removeItem(playerKey(userid, productId));
  } catch {
    // Storage disabled: nothing was kept.
  }
}
