import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/http/list-filters.js';

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
  guide_image: string | null;
}

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
}

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

  listProducts(): Promise<ProductRow[]> {
    return this.txHost.tx.query(
      `SELECT * FROM products WHERE deleted_at IS NULL ORDER BY sort_order, productid`,
    );
  }

  async getProduct(id: string): Promise<ProductRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: ProductRow[] = await this.txHost.tx.query(
      'SELECT * FROM products WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    return rows[0];
  }

  async getItem(id: string): Promise<ItemRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: ItemRow[] = await this.txHost.tx.query(
      'SELECT * FROM items WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    return rows[0];
  }

  /** The product's items in the order its `items` list names them. */
  itemsOfProduct(productId: string): Promise<ItemRow[]> {
    return this.txHost.tx.query(
      `SELECT i.* FROM products p CROSS JOIN LATERAL unnest(p.items) WITH ORDINALITY AS l(itemid, position)
       JOIN items i ON i.itemid = l.itemid AND i.deleted_at IS NULL
       WHERE p.id = $1 AND p.deleted_at IS NULL ORDER BY l.position`,
      [productId],
    );
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

  async createItem(item: NewItem): Promise<ItemRow> {
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
    return rows[0];
  }

  async createProduct(product: NewProduct, itemids: number[]): Promise<ProductRow> {
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
    return rows[0];
  }
}
