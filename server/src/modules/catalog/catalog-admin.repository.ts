import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { containsPattern, isUuid } from '../../common/http/list-filters.js';
import type { ListQuery } from '../../common/http/simple-rest.js';
import type { ItemFields, ProductFields } from './catalog-admin.input.js';
import { ItemEntity, type Item } from './item.entity.js';
import { ProductEntity, type Product } from './product.entity.js';

/** An item with the `_id` of the first live product that lists it. */
export interface AdminItem extends Item {
  productId: string | null;
}

/** The console's sort fields and the entity property each sorts by. */
export const PRODUCT_SORT: Record<string, keyof ProductEntity> = {
  id: 'productid',
  productid: 'productid',
  name: 'name',
  type: 'type',
  category: 'category',
  instock: 'instock',
  istrending: 'istrending',
  isApi: 'isApi',
  sortOrder: 'sortOrder',
};

export const ITEM_SORT: Record<string, keyof ItemEntity> = {
  id: 'itemid',
  itemid: 'itemid',
  name: 'name',
  type: 'type',
  originalprice: 'originalprice',
  discountedprice: 'discountedprice',
  resellprice: 'resellprice',
  inStock: 'instock',
  apiType: 'apiType',
};

/**
 * SQL: the item ids a product filter keeps, listed by the products `p` the condition picks; as an
 * array, so `itemid = ANY(...)` reads them through `items_itemid_key` instead of testing every item.
 */
const ITEMS_OF_PRODUCTS = (condition: string) =>
  `ARRAY(SELECT unnest(p.items) FROM products p WHERE p.deleted_at IS NULL AND ${condition})`;

const now = () => 'now()';

/** The admin console's reads and writes on products and items; deleted rows stay for orders. */
@Injectable()
export class CatalogAdminRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get products() {
    return this.txHost.tx.getRepository(ProductEntity);
  }

  private get items() {
    return this.txHost.tx.getRepository(ItemEntity);
  }

  async listProducts(query: ListQuery): Promise<{ rows: Product[]; total: number }> {
    const list = this.products.createQueryBuilder('p').where('p.deletedAt IS NULL');
    const { q, category, type, id } = query.filter;
    if (Array.isArray(id)) list.andWhere('p.id::text = ANY(:ids)', { ids: id.map(String) });
    if (typeof q === 'string' && q) list.andWhere('p.name ILIKE :q', { q: containsPattern(q) });
    if (typeof category === 'string' && category) {
      list.andWhere('p.category = :category', { category });
    }
    if (typeof type === 'string' && type) list.andWhere('p.type = :type', { type });
    const [rows, total] = await Promise.all([
      list
        .clone()
        .orderBy(`p.${PRODUCT_SORT[query.sortField] ?? 'productid'}`, query.sortOrder)
        .addOrderBy('p.productid', 'ASC')
        .offset(query.offset)
        .limit(query.limit)
        .getMany(),
      list.getCount(),
    ]);
    return { rows, total };
  }

  /** A live product, locked (`lock`) for the caller's transaction. */
  async product(id: string, lock = false): Promise<Product | undefined> {
    if (!isUuid(id)) return undefined;
    const found = await this.products.findOne({
      where: { id, deletedAt: IsNull() },
      ...(lock && { lock: { mode: 'pessimistic_write' as const } }),
    });
    return found ?? undefined;
  }

  async productIdOf(productid: number): Promise<string | undefined> {
    const found = await this.products.findOne({
      select: { id: true },
      where: { productid, deletedAt: IsNull() },
    });
    return found?.id;
  }

  /** A new product, listed after every other. */
  async insertProduct(product: ProductFields): Promise<Product> {
    const { identifiers } = await this.products.insert({
      ...product,
      sortOrder: () => '(SELECT coalesce(max(sort_order), 0) + 1 FROM products)',
    });
    return this.products.findOneByOrFail({ id: identifiers[0].id as string });
  }

  async updateProduct(id: string, product: ProductFields): Promise<Product> {
    await this.products.update({ id }, { ...product, updatedAt: now });
    return this.products.findOneByOrFail({ id });
  }

  async softDeleteProduct(id: string) {
    await this.products.update({ id }, { deletedAt: now, updatedAt: now });
  }

  async listItems(query: ListQuery): Promise<{ rows: AdminItem[]; total: number }> {
    const list = this.items.createQueryBuilder('i').where('i.deletedAt IS NULL');
    const { q, productId, apiType, id } = query.filter;
    if (Array.isArray(id)) {
      const ids = id.map(Number).filter(Number.isSafeInteger);
      list.andWhere('i.itemid = ANY(CAST(:ids AS bigint[]))', { ids });
    }
    if (typeof q === 'string' && q) {
      // An item is found by its own name (`items_search_name`) or its product's (packs of one
      // name sell in several).
      const ofNamedProducts = ITEMS_OF_PRODUCTS('p.name ILIKE :q');
      list.andWhere(`(i.name ILIKE :q OR i.itemid = ANY(${ofNamedProducts}))`, {
        q: containsPattern(q),
      });
    }
    if (typeof productId === 'string' && productId) {
      if (!isUuid(productId)) return { rows: [], total: 0 };
      list.andWhere(`i.itemid = ANY(${ITEMS_OF_PRODUCTS('p.id = CAST(:productId AS uuid)')})`, {
        productId,
      });
    }
    if (typeof apiType === 'string' && apiType) list.andWhere('i.apiType = :apiType', { apiType });
    const page = list
      .clone()
      .orderBy(`i.${ITEM_SORT[query.sortField] ?? 'itemid'}`, query.sortOrder)
      .addOrderBy('i.itemid', 'ASC')
      .offset(query.offset)
      .limit(query.limit);
    const [items, total] = await Promise.all([page.getMany(), list.getCount()]);
    return { rows: await this.withOwners(items), total };
  }

  /**
   * The items, each with its first live product, found for the page's items alone: a page is
   * tens of items, the catalogue thousands. SQL because products list their items in an array,
   * which TypeORM cannot join on.
   */
  private async withOwners(items: Item[]): Promise<AdminItem[]> {
    if (items.length === 0) return [];
    const owners: Array<{ itemid: string; productId: string }> = await this.txHost.tx.query(
      `SELECT DISTINCT ON (listed.itemid) listed.itemid, p.id AS "productId"
       FROM products p CROSS JOIN unnest(p.items) AS listed (itemid)
       WHERE p.deleted_at IS NULL AND p.items && $1::bigint[] AND listed.itemid = ANY($1::bigint[])
       ORDER BY listed.itemid, p.productid`,
      [items.map((item) => item.itemid)],
    );
    const ownerOf = new Map(owners.map((owner) => [Number(owner.itemid), owner.productId]));
    return items.map((item) => ({ ...item, productId: ownerOf.get(item.itemid) ?? null }));
  }

  /** A live item by its numeric `itemid` or its `_id`. */
  async item(
    key: { itemid: number } | { id: string },
    lock = false,
  ): Promise<AdminItem | undefined> {
    if ('id' in key && !isUuid(key.id)) return undefined;
    if ('itemid' in key && !Number.isSafeInteger(key.itemid)) return undefined;
    const found = this.items
      .createQueryBuilder('i')
      .where('i.deletedAt IS NULL')
      .andWhere('id' in key ? 'i.id = :id' : 'i.itemid = :itemid', key);
    if (lock) found.setLock('pessimistic_write', undefined, ['i']);
    const item = await found.getOne();
    return item ? (await this.withOwners([item]))[0] : undefined;
  }

  async insertItem(item: ItemFields): Promise<Item> {
    const { identifiers } = await this.items.insert(item);
    return this.items.findOneByOrFail({ id: identifiers[0].id as string });
  }

  async updateItem(id: string, item: ItemFields) {
    await this.items.update({ id }, { ...item, updatedAt: now });
  }

  /** Adds an item to the end of a live product's list, once. */
  async attachItem(productId: string, itemid: number) {
    await this.products
      .createQueryBuilder()
      .update()
      .set({ items: () => 'array_append(items, CAST(:itemid AS bigint))', updatedAt: now })
      .where('id = :productId AND deleted_at IS NULL', { productId })
      .andWhere('NOT (CAST(:itemid AS bigint) = ANY(items))', { itemid })
      .execute();
  }

  /** Hides the item and takes it out of every product's list; orders keep referencing the row. */
  async softDeleteItem(id: string, itemid: number) {
    await this.items.update({ id }, { deletedAt: now, updatedAt: now });
    await this.products
      .createQueryBuilder()
      .update()
      .set({ items: () => 'array_remove(items, CAST(:itemid AS bigint))', updatedAt: now })
      .where('CAST(:itemid AS bigint) = ANY(items)', { itemid })
      .execute();
  }
}
