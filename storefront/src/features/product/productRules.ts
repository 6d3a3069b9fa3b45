import type { Item, Product, Role } from '@/api/types';

export const GENSHIN_SERVERS = ['America', 'Asia', 'Europe', 'TW_HK_Mo'] as const;

const typeOf = (product: Product) => product.type?.toUpperCase() ?? '';

export const isGenshin = (product: Product) => typeOf(product) === 'GENSHIN';
export const isMlbb = (product: Product) => typeOf(product) === 'MLBB';
export const isOtt = (product: Product) => typeOf(product) === 'OTT';

/** Only API-backed MLBB products can (and must) check the player's username before paying. */
export const needsUsernameCheck = (product: Product) => product.isApi && isMlbb(product);

export function priceFor(item: Item, role: Role | undefined): number {
  if (role === 'reseller' && typeof item.resellprice === 'number') return item.resellprice;
  return item.discountedprice;
}

export function discountPercent(item: Item, price: number): number {
  if (!item.originalprice || item.originalprice <= price) return 0;
  return Math.round(((item.originalprice - price) / item.originalprice) * 100);
}

export function deliveryNote(product: Product): string {
  if (product.deliveryTime) return product.deliveryTime;
  return product.isApi ? 'Instant delivery in 1-6 minutes' : 'Delivered within about 30 minutes';
}

/** The displayed coupon maths: discount rounded up, total rounded down, never below zero. */
export function couponTotals(price: number, appliedDiscount: number) {
  const discount = Math.ceil(appliedDiscount);
  return { discount, total: Math.max(0, Math.floor(price - discount)) };
}
