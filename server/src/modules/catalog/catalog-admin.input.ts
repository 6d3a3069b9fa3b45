import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { toPaise } from '../../common/money.js';
import type { Item } from './item.entity.js';
import type { Product } from './product.entity.js';
import type { ItemForm, ProductForm } from './dto/catalog-admin.dto.js';

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

/** What the console's product form sets. */
export type ProductFields = Pick<
  Product,
  | 'name'
  | 'type'
  | 'category'
  | 'imgpath'
  | 'importantnote'
  | 'inputs'
  | 'items'
  | 'istrending'
  | 'instock'
  | 'isApi'
  | 'apiType'
  | 'promiseMinutes'
>;

/** What the console's item form sets: every stored field but the ids and times. */
export type ItemFields = Omit<Item, 'id' | 'itemid' | 'createdAt' | 'updatedAt'>;

/** A form's value, or the stored one when an edit leaves the field out. */
function given<T>(value: T | undefined, current: T | undefined): T {
  const result = value !== undefined ? value : current;
  if (result === undefined) throw new Error('A required form field was not validated.');
  return result;
}

/** A flag: the stored value when left out, the default when sent empty (null). */
const flagOf = (value: boolean | null | undefined, current: boolean | undefined, empty: boolean) =>
  value === undefined ? (current ?? empty) : (value ?? empty);

/** The API type after an edit's merge: required while the product or item is served by API. */
function apiTypeOf(isApi: boolean, value: string | null | undefined): string | null {
  if (value) return value;
  if (isApi) throw AppError.badRequest(Messages.apiTypeRequired);
  return null;
}

/**
 * A product from the validated create or edit form (`ProductWriteDto`, `ProductEditDto`). An
 * edit keeps the current value of every field it leaves out.
 */
export function productFields(form: ProductForm, current?: ProductFields): ProductFields {
  const isApi = flagOf(form.isApi, current?.isApi, false);
  return {
    name: given(form.name, current?.name),
    type: given(form.type, current?.type),
    category: given(form.category, current?.category),
    imgpath: given(form.imgpath, current?.imgpath),
    inputs: given(form.inputs, current?.inputs),
    items: form.items ?? current?.items ?? [],
    isApi,
    apiType: apiTypeOf(isApi, form.apiType === undefined ? current?.apiType : form.apiType),
    importantnote: form.importantnote ?? current?.importantnote ?? '',
    istrending: flagOf(form.istrending, current?.istrending, false),
    instock: flagOf(form.instock, current?.instock, true),
    promiseMinutes:
      form.promiseMinutes === undefined
        ? (current?.promiseMinutes ?? null)
        : (form.promiseMinutes ?? null),
  };
}

/** Paise of a validated price in rupees. */
export function paiseOf(rupees: number | string): number {
  const paise = toPaise(rupees);
  if (paise === undefined) throw new Error('A price was not validated.');
  return paise;
}

/** An item from the validated create or edit form (`ItemWriteDto`, `ItemEditDto`). */
export function itemFields(form: ItemForm, current?: ItemFields): ItemFields {
  const price = (rupees: number | string | undefined, stored: number | undefined) =>
    rupees === undefined ? given(stored, stored) : paiseOf(rupees);
  const isApi = flagOf(form.isApi, current?.isApi, false);
  return {
    name: given(form.name, current?.name),
    originalprice: price(form.originalprice, current?.originalprice),
    discountedprice: price(form.discountedprice, current?.discountedprice),
    resellprice: price(form.resellprice, current?.resellprice),
    isApi,
    apiType: apiTypeOf(isApi, form.apiType === undefined ? current?.apiType : form.apiType),
    imgpath: given(form.imgpath, current?.imgpath),
    type: form.type === undefined ? (current?.type ?? null) : form.type,
    suggestedTask:
      form.suggestedTask === undefined
        ? (current?.suggestedTask ?? null)
        : form.suggestedTask || null,
    itemidarray: form.itemidarray ?? current?.itemidarray ?? [],
    instock: flagOf(
      form.inStock !== undefined ? form.inStock : form.instock,
      current?.instock,
      true,
    ),
  };
}
