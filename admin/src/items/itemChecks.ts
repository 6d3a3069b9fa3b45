import type { FieldErrors } from '@/common/EditDialog';

export interface ItemFormValues {
  name?: string;
  type?: string | null;
  suggestedTask?: string | null;
  itemidarray?: { value?: string }[];
  originalprice?: number | string | null;
  discountedprice?: number | string | null;
  resellprice?: number | string | null;
  isApi?: boolean;
  apiType?: string | null;
  imgpath?: string;
  inStock?: boolean;
}

type FormValue = string | number | boolean | null | undefined;

const blank = (value: FormValue) =>
  value === undefined || value === null || String(value).trim() === '';
const isPrice = (value: FormValue) =>
  !blank(value) && Number.isFinite(Number(value)) && Number(value) >= 0;

/** Spec 002 section 5, Create Item (also used by the edit modal); the first failure only. */
export const checkItem = (values: ItemFormValues): FieldErrors | null => {
  if (blank(values.name)) return { name: 'resources.viewitems.validation.name' };
  if (!isPrice(values.originalprice)) {
    return { originalprice: 'resources.viewitems.validation.originalprice' };
  }
  if (!isPrice(values.discountedprice)) {
    return { discountedprice: 'resources.viewitems.validation.discountedprice' };
  }
  if (!isPrice(values.resellprice)) {
    return { resellprice: 'resources.viewitems.validation.resellprice' };
  }
  if (values.isApi && blank(values.apiType)) {
    return { apiType: 'resources.viewitems.validation.api_type' };
  }
  if (blank(values.imgpath)) return { imgpath: 'resources.viewitems.validation.imgpath' };
  return null;
};

/** The supplier's pack ids are edited as rows; the API wants a list of strings. */
export const toItemPayload = (values: ItemFormValues) => ({
  name: values.name?.trim(),
  type: blank(values.type) ? null : values.type,
  suggestedTask: blank(values.suggestedTask) ? null : values.suggestedTask,
  itemidarray: (values.itemidarray ?? [])
    .map((row) => (row.value ?? '').trim())
    .filter((value) => value !== ''),
  originalprice: Number(values.originalprice),
  discountedprice: Number(values.discountedprice),
  resellprice: Number(values.resellprice),
  isApi: Boolean(values.isApi),
  apiType: values.isApi ? (values.apiType ?? null) : null,
  imgpath: values.imgpath?.trim(),
  inStock: values.inStock ?? true,
});
