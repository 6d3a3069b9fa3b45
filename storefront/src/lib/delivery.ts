import { rupeesShort } from './format';
import { i18n } from '@/i18n';

/**
 * The store's one delivery promise (spec 000): packs delivered through a supplier API arrive in
 * 1-6 minutes, the others are completed by our team in about 30 minutes.
 */
export const deliveryWindow = (isApi: boolean) =>
  i18n.t(isApi ? 'product.windowApi' : 'product.windowManual');

/** The longest the promise allows, in minutes. */
const promisedMinutes = (isApi: boolean) => (isApi ? 6 : 30);

/**
 * When a paid order has broken the delivery promise, counted from its payment: the promise the
 * order carries (the delivery guarantee), else the store's window.
 */
export function deliveryDueAt(order: {
  isApi?: boolean;
  paidAt?: string | null;
  createdAt: string;
  promiseDueAt?: string | null;
}): number {
  if (order.promiseDueAt) return Date.parse(order.promiseDueAt);
  const start = Date.parse(order.paidAt ?? order.createdAt);
  return start + promisedMinutes(!!order.isApi) * 60_000;
}

/** The order's line about a missed delivery promise, once its compensation is paid. */
export function compensationLine(order: { compensation?: number | null }): string | null {
  if (!order.compensation) return null;
  return i18n.t('orders.compensation', { amount: rupeesShort(order.compensation) });
}
