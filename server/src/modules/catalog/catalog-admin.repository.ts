import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { containsPattern, isUuid } from '../../common/http/list-filters.js';
import { SqlWhere } from '../../database/sql-where.js';
import type { ItemFields, ProductFields } from './catalog-admin.input.js';
import {
  mapItemRow,
  mapProductRow,
  type Item,
  type ItemRow,
  type Product,
  type ProductRow,
} from './catalog-rows.js';

/** An item with the `_id` of the first live product that lists it. */
interface AdminItemRow extends ItemRow {
  product_id: string | null;
}

export interface AdminItem extends Item {
  productId: string | null;
}

export function mapAdminItemRow(row: AdminItemRow): AdminItem {
  return { ...mapItemRow(row), productId: row.product_id };
}

export const PRODUCT_SORT: Record<string, string> = {
  id: 'productid',
  productid: 'productid',
  name: 'name',
  type: 'type',
  category: 'category',
  instock: 'instock',
  istrending: 'istrending',
  isApi: 'is_api',
  sortOrder: 'sort_order',
};

export const ITEM_SORT: Record<string, string> = {
  id: 'i.itemid',
  itemid: 'i.itemid',
  name: 'i.name',
  type: 'i.type',
  originalprice: 'i.originalprice',
  discountedprice: 'i.discountedprice',
  resellprice: 'i.resellprice',
  inStock: 'i.instock',
  apiType: 'i.api_type',
};

const ITEM_COLUMNS = `i.*, (SELECT p.id FROM products p WHERE i.itemid = ANY(p.items) AND p.deleted_at IS NULL
                     ORDER BY p.productid LIMIT 1) AS product_id`;

/**
 * Items with the same `product_id` as `ITEM_COLUMNS` (the first live product listing each), for
 * lists: every product's items unnested once, rather than the products searched per item.
 */
const ITEMS_WITH_PRODUCT = `items i LEFT JOIN (
    SELECT DISTINCT ON (listed.itemid) listed.itemid, p.id AS product_id
    FROM products p CROSS JOIN unnest(p.items) AS listed (itemid)
    WHERE p.deleted_at IS NULL ORDER BY listed.itemid, p.productid
  ) owner ON owner.itemid = i.itemid`;
const LISTED_ITEM_COLUMNS = 'i.*, owner.product_id';

const productValues = (product: ProductFields) => [
  product.name,
  product.type,
  product.category,
  product.imgpath,
  product.importantnote,
  JSON.stringify(product.inputs),
  product.items,
  product.istrending,
  product.instock,
  product.isApi,
  product.apiType,
  product.promiseMinutes,
];

const itemValues = (item: ItemFields) => [
  item.name,
  item.type,
  item.suggestedTask,
  item.originalprice,
  item.discountedprice,
  item.resellprice,
  item.isApi,
  item.apiType,
  item.itemidarray,
  item.imgpath,
  item.instock,
];

/** The admin console's reads and writes on products and items; deleted rows stay for orders. */
@Injectable()
export class CatalogAdminRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async listProducts(query: ListQuery): Promise<{ rows: Product[]; total: number }> {
    const filter = new SqlWhere().and('deleted_at IS NULL');
    const { q, category, type, id } = query.filter;
    if (Array.isArray(id)) filter.and('id::text = ANY($?::text[])', id.map(String));
    if (typeof q === 'string' && q) filter.and('name ILIKE $?', containsPattern(q));
    if (typeof category === 'string' && category) filter.and('category = $?', category);
    if (typeof type === 'string' && type) filter.and('type = $?', type);
    const page = filter.page(query.limit, query.offset);
    const order = `${PRODUCT_SORT[query.sortField] ?? 'productid'} ${query.sortOrder}, productid`;
    const [rows, [{ total }]] = await Promise.all([
      this.txHost.tx.query<ProductRow[]>(
        `SELECT * FROM products ${filter} ORDER BY ${order} ${page.sql}`,
        page.params,
      ),
      this.txHost.tx.query<[{ total: number }]>(
        `SELECT count(*)::int AS total FROM products ${filter}`,
        filter.params,
      ),
    ]);
    return { rows: rows.map(mapProductRow), total };
  }

  /** A live product, locked (`lock`) for the caller's transaction. */
  async product(id: string, lock = false): Promise<Product | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: ProductRow[] = await this.txHost.tx.query(
      `SELECT * FROM products WHERE id = $1 AND deleted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ? mapProductRow(rows[0]) : undefined;
  }

  async productIdOf(productid: number): Promise<string | undefined> {
    const rows: Array<{ id: string }> = await this.txHost.tx.query(
      'SELECT id FROM products WHERE productid = $1 AND deleted_at IS NULL',
      [productid],
    );
    return rows[0]?.id;
  }

  async insertProduct(product: ProductFields): Promise<Product> {
    const rows: ProductRow[] = await this.txHost.tx.query(
      `INSERT INTO products (name, type, category, imgpath, importantnote, inputs, items, istrending, instock, is_api,
                             api_type, promise_minutes, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
               (SELECT coalesce(max(sort_order), 0) + 1 FROM products)) RETURNING *`,
      productValues(product),
    );
    return mapProductRow(rows[0]);
  }

  async updateProduct(id: string, product: ProductFields): Promise<Product> {
    const [rows] = await this.txHost.tx.query<[ProductRow[], number]>(
      `UPDATE products SET name = $1, type = $2, category = $3, imgpath = $4, importantnote = $5, inputs = $6,
              items = $7, istrending = $8, instock = $9, is_api = $10, api_type = $11,
              promise_minutes = $12, updated_at = now()
       WHERE id = $13 RETURNING *`,
      [...productValues(product), id],
    );
    return mapProductRow(rows[0]);
  }

  async softDeleteProduct(id: string) {
    await this.txHost.tx.query(
      'UPDATE products SET deleted_at = now(), updated_at = now() WHERE id = $1',
      [id],
    );
  }

  async listItems(query: ListQuery): Promise<{ rows: AdminItem[]; total: number }> {
    const filter = new SqlWhere().and('i.deleted_at IS NULL');
    const { q, productId, apiType, id } = query.filter;
    if (Array.isArray(id)) {
      const ids = id.map(Number).filter(Number.isSafeInteger);
      filter.and('i.itemid = ANY($?::bigint[])', ids);
    }
    if (typeof q === 'string' && q) {
      // An item is found by its own name or its product's (packs of one name sell in several).
      filter.and(
        `(i.name ILIKE $? OR i.itemid IN (
           SELECT unnest(p.items) FROM products p WHERE p.deleted_at IS NULL AND p.name ILIKE $?))`,
        containsPattern(q),
        containsPattern(q),
      );
    }
    if (typeof productId === 'string' && productId) {
      filter.and(
        'EXISTS (SELECT 1 FROM products p WHERE p.id::text = $? AND p.deleted_at IS NULL AND i.itemid = ANY(p.items))',
        productId,
      );
    }
    if (typeof apiType === 'string' && apiType) filter.and('i.api_type = $?', apiType);
    const page = filter.page(query.limit, query.offset);
    const order = `${ITEM_SORT[query.sortField] ?? 'i.itemid'} ${query.sortOrder}, i.itemid`;
    const [rows, [{ total }]] = await Promise.all([
      this.txHost.tx.query<AdminItemRow[]>(
        `SELECT ${LISTED_ITEM_COLUMNS} FROM ${ITEMS_WITH_PRODUCT} ${filter} ORDER BY ${order} ${page.sql}`,
        page.params,
      ),
      this.txHost.tx.query<[{ total: number }]>(
        `SELECT count(*)::int AS total FROM items i ${filter}`,
        filter.params,
      ),
    ]);
    return { rows: rows.map(mapAdminItemRow), total };
  }

  /** A live item by its numeric `itemid` or its `_id`. */
  async item(
    key: { itemid: number } | { id: string },
    lock = false,
  ): Promise<AdminItem | undefined> {
    if ('id' in key && !isUuid(key.id)) return undefined;
    if ('itemid' in key && !Number.isSafeInteger(key.itemid)) return undefined;
    const rows: AdminItemRow[] = await this.txHost.tx.query(
      `SELECT ${ITEM_COLUMNS} FROM items i WHERE ${'id' in key ? 'i.id = $1' : 'i.itemid = $1'}
       AND i.deleted_at IS NULL ${lock ? 'FOR UPDATE OF i' : ''}`,
      ['id' in key ? key.id : key.itemid],
    );
    return rows[0] ? mapAdminItemRow(rows[0]) : undefined;
  }

  async insertItem(item: ItemFields): Promise<Item> {
    const rows: ItemRow[] = await this.txHost.tx.query(
      `INSERT INTO items (name, type, suggested_task, originalprice, discountedprice, resellprice, is_api, api_type,
                          itemidarray, imgpath, instock)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      itemValues(item),
    );
    return mapItemRow(rows[0]);
  }

  async updateItem(id: string, item: ItemFields) {
    await this.txHost.tx.query(
      `UPDATE items SET name = $1, type = $2, suggested_task = $3, originalprice = $4, discountedprice = $5,
              resellprice = $6, is_api = $7, api_type = $8, itemidarray = $9, imgpath = $10, instock = $11,
              updated_at = now()
       WHERE id = $12`,
      [...itemValues(item), id],
    );
  }

  /** Adds an item to the end of a live product's list, once. */
  async attachItem(productId: string, itemid: number) {
    await this.txHost.tx.query(
      `UPDATE products SET items = array_append(items, $2::bigint), updated_at = now()
       WHERE id = $1 AND deleted_at IS NULL AND NOT ($2::bigint = ANY(items))`,
      [productId, itemid],
    );
  }

  /** Hides the item and takes it out of every product's list; orders keep referencing the row. */
  async softDeleteItem(id: string, itemid: number) {
    await this.txHost.tx.query(
      'UPDATE items SET deleted_at = now(), updated_at = now() WHERE id = $1',
      [id],
    );
    await this.txHost.tx.query(
      `UPDATE products SET items = array_remove(items, $1::bigint), updated_at = now() WHERE $1::bigint = ANY(items)`,
      [itemid],
    );
  }
}
