import type { ItemEntity } from './item.entity.js';
import type { ProductEntity } from './product.entity.js';

/** A `products` row as PostgreSQL answers it (bigints as strings). */
export interface ProductRow {
  id: string;
  productid: string;
  name: string;
  type: string;
  category: string;
  imgpath: string;
  importantnote: string;
  inputs: Array<{ label: string }>;
  items: string[];
  istrending: boolean;
  instock: boolean;
  is_api: boolean;
  api_type: string | null;
  delivery_time: string | null;
  promise_minutes: number | null;
  guide_image: string | null;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
}

/** An `items` row as PostgreSQL answers it (bigints as strings). */
export interface ItemRow {
  id: string;
  itemid: string;
  name: string;
  type: string | null;
  suggested_task: string | null;
  originalprice: string;
  discountedprice: string;
  resellprice: string;
  is_api: boolean;
  api_type: string | null;
  itemidarray: string[];
  imgpath: string;
  instock: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A product of the catalogue (a deleted one is never read). */
export type Product = Omit<ProductEntity, 'deletedAt'>;

/** A pack of a product; prices in paise (a deleted one is never read). */
export type Item = Omit<ItemEntity, 'deletedAt'>;

export function mapProductRow(row: ProductRow): Product {
  return {
    id: row.id,
    productid: Number(row.productid),
    name: row.name,
    type: row.type,
    category: row.category,
    imgpath: row.imgpath,
    importantnote: row.importantnote,
    inputs: row.inputs,
    items: row.items.map(Number),
    istrending: row.istrending,
    instock: row.instock,
    isApi: row.is_api,
    apiType: row.api_type,
    deliveryTime: row.delivery_time,
    promiseMinutes: row.promise_minutes ?? null,
    guideImage: row.guide_image,
    sortOrder: row.sort_order,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export function mapItemRow(row: ItemRow): Item {
  return {
    id: row.id,
    itemid: Number(row.itemid),
    name: row.name,
    type: row.type,
    suggestedTask: row.suggested_task,
    originalprice: Number(row.originalprice),
    discountedprice: Number(row.discountedprice),
    resellprice: Number(row.resellprice),
    isApi: row.is_api,
    apiType: row.api_type,
    itemidarray: row.itemidarray,
    imgpath: row.imgpath,
    instock: row.instock,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
