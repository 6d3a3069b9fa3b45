import {
  optionalFlag,
  optionalText,
  requireOneOf,
  requireText,
  isMissing,
} from '../../common/admin-input.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '../../common/messages.js';
import { toPaise } from '../ledger/money.js';

/** Spec 002 section 3 enumerations. */
export const PRODUCT_TYPES = ['MLBB', 'GENSHIN', 'HOK', 'OTHER'] as const;
export const PRODUCT_CATEGORIES = ['games', 'instant-games', 'ott', 'others'] as const;
export const ITEM_TYPES = ['small', 'medium', 'large', 'weekly', 'hot'] as const;
export const API_TYPES = [
  'SMILEBR',
  'SMILEPH',
  'MOOGOLDMLBB',
  'MOOGOLDGENSHIN',
  'MOOGOLDHOK',
  'OTHER',
] as const;

export interface ProductFields {
  name: string;
  type: string;
  category: string;
  imgpath: string;
  importantnote: string;
  inputs: Array<{ label: string }>;
  items: number[];
  istrending: boolean;
  instock: boolean;
  isApi: boolean;
  apiType: string | null;
}

export interface ItemFields {
  name: string;
  type: string | null;
  suggestedTask: string | null;
  /** Paise. */
  originalprice: number;
  discountedprice: number;
  resellprice: number;
  isApi: boolean;
  apiType: string | null;
  itemidarray: string[];
  imgpath: string;
  instock: boolean;
}

type Body = Record<string, unknown>;

/** A body's value for `key`, or the current one when the body leaves it out (edits). */
const reader =
  <T extends object>(body: Body, current?: T) =>
  (key: string, currentKey: keyof T | undefined = key as keyof T): unknown =>
    key in body ? body[key] : current && currentKey ? current[currentKey] : undefined;

const squeezeUpper = (value: unknown) =>
  typeof value === 'string' ? value.toUpperCase().replace(/\s+/g, '') : '';

function apiTypeOf(isApi: boolean, value: unknown): string | null {
  const apiType = squeezeUpper(value);
  if (!apiType) {
    if (isApi) throw AppError.badRequest(Messages.apiTypeRequired);
    return null;
  }
  return requireOneOf(apiType, API_TYPES, Messages.apiTypeInvalid);
}

function inputsOf(value: unknown): Array<{ label: string }> {
  const valid =
    Array.isArray(value) &&
    value.every(
      (input: unknown) =>
        typeof input === 'object' &&
        input !== null &&
        typeof (input as Body).label === 'string' &&
        ((input as Body).label as string).trim() !== '' &&
        ((input as Body).label as string).length <= 60,
    );
  if (!valid) throw AppError.badRequest(Messages.inputLabelsRequired);
  return (value as Array<{ label: string }>).map((input) => ({ label: input.label.trim() }));
}

function itemidsOf(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw AppError.badRequest(Messages.itemsMustBeNumbers);
  const ids = value.map((id: unknown) => (typeof id === 'string' && id.trim() ? Number(id) : id));
  if (!ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) {
    throw AppError.badRequest(Messages.itemsMustBeNumbers);
  }
  return [...new Set(ids as number[])];
}

/**
 * A product from the create or edit form, checked in the spec's order (section 5). An edit may
 * leave fields out; they keep their current values.
 */
export function productFields(
  body: Body,
  mode: 'create' | 'edit',
  current?: ProductFields,
): ProductFields {
  const read = reader(body, current);
  const name = requireText(
    read('name'),
    mode === 'create' ? Messages.productNameRequired : Messages.editProductNameRequired,
    120,
  );
  const rawType = squeezeUpper(read('type'));
  if (!rawType) {
    throw AppError.badRequest(
      mode === 'create' ? Messages.productTypeRequired : Messages.editProductTypeRequired,
    );
  }
  const type = requireOneOf(rawType, PRODUCT_TYPES, Messages.productTypeInvalid);
  const category = requireOneOf(
    requireText(read('category'), Messages.categoryRequired, 32),
    PRODUCT_CATEGORIES,
    Messages.categoryInvalid,
  );
  const imgpath = requireText(read('imgpath'), Messages.imagePathRequired, 500);
  const inputs = inputsOf(read('inputs'));
  const items = itemidsOf(read('items'));
  const isApi = optionalFlag(read('isApi')) ?? false;
  const apiType = apiTypeOf(isApi, read('apiType'));
  return {
    name,
    type,
    category,
    imgpath,
    inputs,
    items,
    isApi,
    apiType,
    importantnote:
      optionalText(read('importantnote'), 2000, Messages.textTooLong) ??
      current?.importantnote ??
      '',
    istrending: optionalFlag(read('istrending')) ?? false,
    instock: optionalFlag(read('instock')) ?? true,
  };
}

/** Rupees (number or text, at most 2 decimals, not negative) to paise. */
export function priceOf(value: unknown, message: string): number {
  const paise = isMissing(value) ? undefined : toPaise(value);
  if (paise === undefined || paise < 0) throw AppError.badRequest(message);
  return paise;
}

/** An item from the create or edit form, checked in the spec's order (section 5). */
export function itemFields(body: Body, current?: ItemFields): ItemFields {
  const read = reader(body, current);
  const name = requireText(read('name'), Messages.productNameRequired, 120);
  const price = (key: 'originalprice' | 'discountedprice' | 'resellprice', message: string) =>
    key in body
      ? priceOf(body[key], message)
      : current
        ? current[key]
        : priceOf(undefined, message);
  const originalprice = price('originalprice', Messages.originalPriceRequired);
  const discountedprice = price('discountedprice', Messages.discountedPriceRequired);
  const resellprice = price('resellprice', Messages.resellPriceRequired);
  const isApi = optionalFlag(read('isApi')) ?? false;
  const apiType = apiTypeOf(isApi, read('apiType'));
  const imgpath = requireText(read('imgpath'), Messages.imagePathRequired, 500);
  const type = read('type');
  const itemidarray = read('itemidarray') ?? [];
  if (
    !Array.isArray(itemidarray) ||
    !itemidarray.every((id) => typeof id === 'string' || typeof id === 'number')
  ) {
    throw AppError.badRequest(Messages.itemIdsMustBeStrings);
  }
  const instock = 'inStock' in body ? body.inStock : read('instock');
  return {
    name,
    originalprice,
    discountedprice,
    resellprice,
    isApi,
    apiType,
    imgpath,
    type: isMissing(type)
      ? null
      : requireOneOf(String(type).trim().toLowerCase(), ITEM_TYPES, Messages.itemTypeInvalid),
    suggestedTask: optionalText(read('suggestedTask'), 200, Messages.textTooLong) || null,
    itemidarray: itemidarray.map((id) => String(id).trim()).filter(Boolean),
    instock: optionalFlag(instock) ?? true,
  };
}
