import { firstInputKind, inputsValid, secondInputKind } from '@zstore/contract/order-inputs';
import type { Item, Product, Role } from '@/api/types';
import { deliveryWindow } from '@/lib/delivery';

const typeOf = (product: Product) => product.type?.toUpperCase() ?? '';

export const isMlbb = (product: Product) => typeOf(product) === 'MLBB';

/** The form's two fields: their labels (the product's own, else the usual ones) and kinds. */
export function inputFields(product: Product) {
  const first = firstInputKind(product);
  const second = secondInputKind(product);
  const fallbackSecond = second === 'server' ? 'Server' : second === 'zone' ? 'Zone ID' : 'Name';
  return {
    first: {
      kind: first,
      label: product.inputs[0]?.label || (first === 'email' ? 'Email' : 'User ID'),
    },
    second: { kind: second, label: product.inputs[1]?.label || fallbackSecond },
  };
}

/** The server's own check, before the customer is asked to pay. */
export const orderInputsValid = (product: Product, input1: string, input2: string) =>
  inputsValid(product, input1, input2);

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
  return product.isApi
    ? `Instant delivery in ${deliveryWindow(true)}`
    : `Delivered within ${deliveryWindow(false)}`;
}

/** The displayed coupon maths: discount rounded up, total rounded down, never below zero. */
export function couponTotals(price: number, appliedDiscount: number) {
  const discount = Math.ceil(appliedDiscount);
  return { discount, total: Math.max(0, Math.floor(price - discount)) };
}
