/** A purchase being prepared: the pack and the player, carried in the product page's URL. */
export interface PurchaseDraft {
  itemId?: string;
  input1: string;
  input2: string;
}

/** The product page with the pack and player filled in (after sign-in, 'Buy again'). */
export function draftUrl(productId: string, draft: PurchaseDraft): string {
  const params = new URLSearchParams();
  if (draft.itemId) params.set('item', draft.itemId);
  if (draft.input1) params.set('input1', draft.input1);
  if (draft.input2) params.set('input2', draft.input2);
  const query = params.toString();
  return `/product/${encodeURIComponent(productId)}${query ? `?${query}` : ''}`;
}

export function readDraft(params: URLSearchParams): PurchaseDraft | null {
  if (!params.has('item') && !params.has('input1') && !params.has('input2')) return null;
  return {
    itemId: params.get('item') ?? undefined,
    input1: params.get('input1') ?? '',
    input2: params.get('input2') ?? '',
  };
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
