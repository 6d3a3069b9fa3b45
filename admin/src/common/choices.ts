/** Enumerations of spec 002 section 3, as react-admin choices. */
const asChoices = <T extends string>(values: readonly T[]) =>
  values.map((value) => ({ id: value, name: value }));

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
export const GALLERY_TYPES = [
  'CarouselMb',
  'CarouselPc',
  'Banner',
  'Popup',
  'Item',
  'Product',
] as const;
export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;

export const productTypeChoices = asChoices(PRODUCT_TYPES);
export const categoryChoices = asChoices(PRODUCT_CATEGORIES);
export const itemTypeChoices = asChoices(ITEM_TYPES);
export const apiTypeChoices = asChoices(API_TYPES);
export const galleryTypeChoices = asChoices(GALLERY_TYPES);
export const discountTypeChoices = [
  { id: 'percentage', name: 'Percentage (%)' },
  { id: 'fixed', name: 'Fixed (₹)' },
];

/** Page sizes of the order and wallet lists (spec 002 section 9). */
export const TXN_PER_PAGE_OPTIONS = [50, 100, 250, 500];
