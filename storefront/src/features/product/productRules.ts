import {
  firstInputKind,
  firstInputValid,
  inputsValid,
  SECOND_INPUT_MAX_LENGTH,
  secondInputKind,
  secondInputValid,
} from '@zstore/contract/order-inputs';
import type { Item, Product, Role } from '@/api/types';
import { deliveryWindow } from '@/lib/delivery';
import { rupeesShort } from '@/lib/format';

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

type Field = ReturnType<typeof inputFields>['first'] | ReturnType<typeof inputFields>['second'];

/** What a field wants and what the store accepts, shown under it. */
export function fieldHint({ kind, label }: Field): string {
  if (kind === 'playerId') return '6 to 12 digits, from your game profile.';
  if (kind === 'email') return 'The pack is sent to this address.';
  if (kind === 'zone') return '1 to 5 digits, in brackets after your ID.';
  if (kind === 'server') return 'The server your account plays on.';
  if (/server/i.test(label)) return 'Exactly as your game profile shows it.';
  return `Up to ${SECOND_INPUT_MAX_LENGTH} characters.`;
}

/** An example of a valid value, as the field's placeholder. */
export function fieldPlaceholder({ kind, label }: Field): string {
  if (kind === 'playerId') return 'e.g. 123456789';
  if (kind === 'email') return 'name@example.com';
  if (kind === 'zone') return 'e.g. 1234';
  return `Enter ${label}`;
}

/**
 * Why a filled field is refused, naming the field and what was typed; undefined when nothing
 * typed is wrong (then the spec's general message asks for the missing pack or details).
 */
export function inputProblem(product: Product, input1: string, input2: string): string | undefined {
  const { first, second } = inputFields(product);
  if (input1 && !firstInputValid(product, input1)) {
    return first.kind === 'email'
      ? `"${input1}" is not a complete e-mail address. Enter the address to deliver to, like name@example.com.`
      : `${first.label} must be 6 to 12 digits.`;
  }
  if (input2 && !secondInputValid(product, input2)) {
    if (second.kind === 'zone') return `${second.label} must be 1 to 5 digits.`;
    if (second.kind === 'server') return `Choose your ${second.label} from the list.`;
    return `${second.label} must be up to ${SECOND_INPUT_MAX_LENGTH} characters.`;
  }
  return undefined;
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

/** 'Delivered in 6 minutes, or ₹10 back in Z-Coins': the product page's guarantee. */
export function guaranteeNote(product: Product): string | null {
  const guarantee = product.guarantee;
  if (!guarantee) return null;
  const back =
    guarantee.percent !== undefined
      ? `${guarantee.percent}% of the price`
      : rupeesShort(guarantee.rupees ?? 0);
  return `Delivered in ${guarantee.minutes} minutes, or ${back} back in Z-Coins`;
}

/** The displayed coupon maths: discount rounded up, total rounded down, never below zero. */
export function couponTotals(price: number, appliedDiscount: number) {
  const discount = Math.ceil(appliedDiscount);
  return { discount, total: Math.max(0, Math.floor(price - discount)) };
}
