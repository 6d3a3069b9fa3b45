import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/http/list-filters.js';
import { In, IsNull } from 'typeorm';
import { ItemEntity, type Item } from './item.entity.js';
import { ProductEntity, type Product } from './product.entity.js';

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

  private get products() {
    return this.txHost.tx.getRepository(ProductEntity);
  }

  private get items() {
    return this.txHost.tx.getRepository(ItemEntity);
  }

  listProducts(): Promise<Product[]> {
    return this.products.find({
      where: { deletedAt: IsNull() },
      order: { sortOrder: 'ASC', productid: 'ASC' },
    });
  }

  async getProduct(id: string): Promise<Product | undefined> {
    if (!isUuid(id)) return undefined;
    return (await this.products.findOneBy({ id, deletedAt: IsNull() })) ?? undefined;
  }

  async getItem(id: string): Promise<Item | undefined> {
    if (!isUuid(id)) return undefined;
    return (await this.items.findOneBy({ id, deletedAt: IsNull() })) ?? undefined;
  }

  /** The product's items in the order its `items` list names them. */
  async itemsOfProduct(productId: string): Promise<Item[]> {
    return (await this.itemsOfProducts([productId])).get(productId) ?? [];
  }

  /** The items of each of the products, in the order each product's `items` list names them. */
  async itemsOfProducts(productIds: string[]): Promise<Map<string, Item[]>> {
    const items = new Map<string, Item[]>(productIds.map((id) => [id, []]));
    const ids = productIds.filter(isUuid);
    if (ids.length === 0) return items;
    const products = await this.products.find({
      select: { id: true, items: true },
      where: { id: In(ids), deletedAt: IsNull() },
    });
    const itemids = [...new Set(products.flatMap((product) => product.items))];
    if (itemids.length === 0) return items;
    const byItemid = new Map(
      (await this.items.findBy({ itemid: In(itemids), deletedAt: IsNull() })).map((item) => [
        item.itemid,
        item,
      ]),
    );
    for (const product of products) {
      const listed = product.items.flatMap((itemid) => byItemid.get(itemid) ?? []);
      items.set(product.id, listed);
    }
    return items;
  }

  hasProducts() {
    return this.products.exists();
  }

  /** Every product in stock with its last change, for the sitemap. */
  listInStockForSitemap(): Promise<Array<Pick<Product, 'id' | 'updatedAt'>>> {
    return this.products.find({
      select: { id: true, updatedAt: true },
      where: { deletedAt: IsNull(), instock: true },
      order: { sortOrder: 'ASC', productid: 'ASC' },
    });
  }

  async createItem(item: NewItem): Promise<Item> {
    const { identifiers } = await this.items.insert({
      name: item.name,
      type: item.type ?? null,
      suggestedTask: item.suggestedTask ?? null,
      originalprice: item.originalprice,
      discountedprice: item.discountedprice,
      resellprice: item.resellprice,
      isApi: item.isApi,
      apiType: item.apiType ?? null,
      itemidarray: item.itemidarray ?? [],
      imgpath: item.imgpath ?? '',
      instock: item.instock ?? true,
    });
    return this.items.findOneByOrFail({ id: identifiers[0].id as string });
  }

  async createProduct(product: NewProduct, itemids: number[]): Promise<Product> {
    const { identifiers } = await this.products.insert({
      name: product.name,
      type: product.type,
      category: product.category,
      imgpath: product.imgpath,
      importantnote: product.importantnote ?? '',
      inputs: product.inputs,
      items: itemids,
      istrending: product.istrending ?? false,
      instock: product.instock ?? true,
      isApi: product.isApi,
      apiType: product.apiType ?? null,
      deliveryTime: product.deliveryTime ?? null,
      guideImage: product.guideImage ?? null,
      sortOrder: product.sortOrder ?? 0,
    });
    return this.products.findOneByOrFail({ id: identifiers[0].id as string });
  }
}
