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
import { i18n } from '@/i18n';

const typeOf = (product: Product) => product.type?.toUpperCase() ?? '';

export const isMlbb = (product: Product) => typeOf(product) === 'MLBB';

/** The form's two fields: their labels (the product's own, else the usual ones) and kinds. */
export function inputFields(product: Product) {
  const first = firstInputKind(product);
  const second = secondInputKind(product);
  const fallbackSecond = i18n.t(
    second === 'server'
      ? 'product.labelServer'
      : second === 'zone'
        ? 'product.labelZone'
        : 'product.labelName',
  );
  return {
    first: {
      kind: first,
      label:
        product.inputs[0]?.label ||
        i18n.t(first === 'email' ? 'product.labelEmail' : 'product.labelUserId'),
    },
    second: { kind: second, label: product.inputs[1]?.label || fallbackSecond },
  };
}

type Field = ReturnType<typeof inputFields>['first'] | ReturnType<typeof inputFields>['second'];

/** What a field wants and what the store accepts, shown under it. */
export function fieldHint({ kind, label }: Field): string {
  if (kind === 'playerId') return i18n.t('product.hintPlayerId');
  if (kind === 'email') return i18n.t('product.hintEmail');
  if (kind === 'zone') return i18n.t('product.hintZone');
  if (kind === 'server') return i18n.t('product.hintServer');
  if (/server/i.test(label)) return i18n.t('product.hintServerText');
  return i18n.t('product.hintMax', { max: SECOND_INPUT_MAX_LENGTH });
}

/** An example of a valid value, as the field's placeholder. */
export function fieldPlaceholder({ kind, label }: Field): string {
  if (kind === 'playerId') return i18n.t('product.placeholderPlayerId');
  if (kind === 'email') return i18n.t('product.placeholderEmail');
  if (kind === 'zone') return i18n.t('product.placeholderZone');
  return i18n.t('product.placeholderOther', { label });
}

/**
 * Why a filled field is refused, naming the field and what was typed; undefined when nothing
 * typed is wrong (then the spec's general message asks for the missing pack or details).
 */
export function inputProblem(product: Product, input1: string, input2: string): string | undefined {
  const { first, second } = inputFields(product);
  if (input1 && !firstInputValid(product, input1)) {
    return first.kind === 'email'
      ? i18n.t('product.problemEmail', { value: input1 })
      : i18n.t('product.problemPlayerId', { label: first.label });
  }
  if (input2 && !secondInputValid(product, input2)) {
    if (second.kind === 'zone') return i18n.t('product.problemZone', { label: second.label });
    if (second.kind === 'server') return i18n.t('product.problemServer', { label: second.label });
    return i18n.t('product.problemMax', { label: second.label, max: SECOND_INPUT_MAX_LENGTH });
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
    ? i18n.t('product.instantIn', { window: deliveryWindow(true) })
    : i18n.t('product.deliveredWithin', { window: deliveryWindow(false) });
}

/** 'Delivered in 6 minutes, or ₹10 back in Z-Coins': the product page's guarantee. */
export function guaranteeNote(product: Product): string | null {
  const guarantee = product.guarantee;
  if (!guarantee) return null;
  const back =
    guarantee.percent !== undefined
      ? i18n.t('product.percentOfPrice', { percent: guarantee.percent })
      : rupeesShort(guarantee.rupees ?? 0);
  return i18n.t('product.guarantee', { minutes: guarantee.minutes, back });
}

/** The displayed coupon maths: discount rounded up, total rounded down, never below zero. */
export function couponTotals(price: number, appliedDiscount: number) {
  const discount = Math.ceil(appliedDiscount);
  return { discount, total: Math.max(0, Math.floor(price - discount)) };
}
