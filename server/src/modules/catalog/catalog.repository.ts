import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/http/list-filters.js';
import {
  mapItemRow,
  mapProductRow,
  type Item,
  type ItemRow,
  type Product,
  type ProductRow,
} from './catalog-rows.js';

export interface NewProduct {
  name: string;
  type: string;
  category: string;
  imgpath: string;
  importantnote?: string;
  inputs: Array<{ label: string }>;
  istrending?: boolean;
  instock?: boolean;
  isApi: boolean;
  apiType?: string | null;
  deliveryTime?: string | null;
  guideImage?: string | null;
  sortOrder?: number;
}

export interface NewItem {
  name: string;
  type?: string | null;
  suggestedTask?: string | null;
  /** Paise. */
  originalprice: number;
  discountedprice: number;
  resellprice: number;
  isApi: boolean;
  apiType?: string | null;
  itemidarray?: string[];
  imgpath?: string;
  instock?: boolean;
}

@Injectable()
export class CatalogRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async listProducts(): Promise<Product[]> {
    const rows: ProductRow[] = await this.txHost.tx.query(
      `SELECT * FROM products WHERE deleted_at IS NULL ORDER BY sort_order, productid`,
    );
    return rows.map(mapProductRow);
  }

  async getProduct(id: string): Promise<Product | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: ProductRow[] = await this.txHost.tx.query(
      'SELECT * FROM products WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    return rows[0] ? mapProductRow(rows[0]) : undefined;
  }

  async getItem(id: string): Promise<Item | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: ItemRow[] = await this.txHost.tx.query(
      'SELECT * FROM items WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    return rows[0] ? mapItemRow(rows[0]) : undefined;
  }

  /** The product's items in the order its `items` list names them. */
  async itemsOfProduct(productId: string): Promise<Item[]> {
    const rows: ItemRow[] = await this.txHost.tx.query(
      `SELECT i.* FROM products p CROSS JOIN LATERAL unnest(p.items) WITH ORDINALITY AS l(itemid, position)
       JOIN items i ON i.itemid = l.itemid AND i.deleted_at IS NULL
       WHERE p.id = $1 AND p.deleted_at IS NULL ORDER BY l.position`,
      [productId],
    );
    return rows.map(mapItemRow);
  }

  /** The items of each of the products, in the order each product's `items` list names them. */
  async itemsOfProducts(productIds: string[]): Promise<Map<string, Item[]>> {
    const rows: Array<ItemRow & { listed_by: string }> = await this.txHost.tx.query(
      `SELECT p.id AS listed_by, i.* FROM products p CROSS JOIN LATERAL unnest(p.items) WITH ORDINALITY AS l(itemid, position)
       JOIN items i ON i.itemid = l.itemid AND i.deleted_at IS NULL
       WHERE p.id = ANY($1::uuid[]) AND p.deleted_at IS NULL ORDER BY p.id, l.position`,
      [productIds],
    );
    const items = new Map<string, Item[]>(productIds.map((id) => [id, []]));
    for (const row of rows) items.get(row.listed_by)?.push(mapItemRow(row));
    return items;
  }

  async hasProducts() {
    const rows: unknown[] = await this.txHost.tx.query('SELECT 1 FROM products LIMIT 1');
    return rows.length > 0;
  }

  /** Every product in stock with its last change, for the sitemap. */
  listInStockForSitemap(): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.txHost.tx.query(
      `SELECT id, updated_at AS "updatedAt" FROM products
       WHERE deleted_at IS NULL AND instock ORDER BY sort_order, productid`,
    );
  }

  async createItem(item: NewItem): Promise<Item> {
    const rows: ItemRow[] = await this.txHost.tx.query(
      `INSERT INTO items (name, type, suggested_task, originalprice, discountedprice, resellprice, is_api, api_type,
                          itemidarray, imgpath, instock)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [
        item.name,
        item.type ?? null,
        item.suggestedTask ?? null,
        item.originalprice,
        item.discountedprice,
        item.resellprice,
        item.isApi,
        item.apiType ?? null,
        item.itemidarray ?? [],
        item.imgpath ?? '',
        item.instock ?? true,
      ],
    );
    return mapItemRow(rows[0]);
  }

  async createProduct(product: NewProduct, itemids: number[]): Promise<Product> {
    const rows: ProductRow[] = await this.txHost.tx.query(
      `INSERT INTO products (name, type, category, imgpath, importantnote, inputs, items, istrending, instock, is_api,
                             api_type, delivery_time, guide_image, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
      [
        product.name,
        product.type,
        product.category,
        product.imgpath,
        product.importantnote ?? '',
        JSON.stringify(product.inputs),
        itemids,
        product.istrending ?? false,
        product.instock ?? true,
        product.isApi,
        product.apiType ?? null,
        product.deliveryTime ?? null,
        product.guideImage ?? null,
        product.sortOrder ?? 0,
      ],
    );
    return mapProductRow(rows[0]);
  }
}
