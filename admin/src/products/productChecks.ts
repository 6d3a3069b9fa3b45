import type { FieldErrors } from '@/common/EditDialog';

export interface ProductFormValues {
  name?: string;
  type?: string;
  category?: string;
  imgpath?: string;
  importantnote?: string;
  inputs?: { label?: string }[];
  items?: { itemid?: string | number }[];
  istrending?: boolean;
  isApi?: boolean;
  apiType?: string | null;
  instock?: boolean;
  promiseMinutes?: number | string | null;
}

type FormValue = string | number | boolean | null | undefined;

const blank = (value: FormValue) =>
  value === undefined || value === null || String(value).trim() === '';

const isItemId = (value: FormValue) => !blank(value) && Number.isInteger(Number(value));

/** Spec 002 section 5, Create Product, in the spec's order; the first failure only. */
export const checkNewProduct = (values: ProductFormValues): FieldErrors | null => {
  if (blank(values.name)) return { name: 'resources.viewproducts.validation.name' };
  if (blank(values.type)) return { type: 'resources.viewproducts.validation.type' };
  if (blank(values.category)) return { category: 'resources.viewproducts.validation.category' };
  if (blank(values.imgpath)) return { imgpath: 'resources.viewproducts.validation.imgpath' };
  if ((values.inputs ?? []).some((input) => blank(input?.label))) {
    return { inputs: 'resources.viewproducts.validation.inputs' };
  }
  if ((values.items ?? []).some((item) => !isItemId(item?.itemid))) {
    return { items: 'resources.viewproducts.validation.items' };
  }
  if (values.isApi && blank(values.apiType)) {
    return { apiType: 'resources.viewproducts.validation.api_type' };
  }
  return null;
};

/** Spec 002 section 5, Edit Product. */
export const checkProductEdit = (values: ProductFormValues): FieldErrors | null => {
  if (blank(values.name)) return { name: 'resources.viewproducts.validation.edit_name' };
  if (blank(values.type)) return { type: 'resources.viewproducts.validation.edit_type' };
  if (blank(values.category)) return { category: 'resources.viewproducts.validation.category' };
  if ((values.items ?? []).some((item) => !isItemId(item?.itemid))) {
    return { items: 'resources.viewproducts.validation.items' };
  }
  return null;
};

/** Upper case without spaces, as the create form forces the type. */
export const normaliseProductType = (value: string) =>
  (value ?? '').toUpperCase().replace(/\s+/g, '');

/** The form keeps item ids as rows of an ArrayInput; the API wants numbers. */
export const toProductPayload = (values: ProductFormValues) => ({
  name: values.name?.trim(),
  type: normaliseProductType(values.type ?? ''),
  category: values.category,
  imgpath: values.imgpath?.trim(),
  importantnote: values.importantnote ?? '',
  inputs: (values.inputs ?? []).map((input) => ({ label: (input.label ?? '').trim() })),
  items: (values.items ?? []).map((item) => Number(item.itemid)),
  istrending: Boolean(values.istrending),
  isApi: Boolean(values.isApi),
  apiType: values.isApi ? (values.apiType ?? null) : null,
  instock: values.instock ?? true,
  promiseMinutes:
    values.promiseMinutes === '' || values.promiseMinutes == null
      ? null
      : Number(values.promiseMinutes),
});
