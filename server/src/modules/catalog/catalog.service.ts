import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { CachedJson } from '../../common/http/cached-json.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { TokenService } from '../auth/token.service.js';
import { Role } from '../../common/auth/role.js';
import { UsersService } from '../users/users.service.js';
import { CatalogCacheService } from './catalog-cache.service.js';
import { isUuid } from '../../common/http/list-filters.js';
import { CatalogRepository, type NewItem, type NewProduct } from './catalog.repository.js';
import type { Item } from './item.entity.js';
import type { Product } from './product.entity.js';
import { mapItem, mapProduct } from './dto/catalog.dto.js';
import { toRupees } from '../../common/money.js';

/** The spec's promise of a product our team delivers by hand, in minutes. */
export const MANUAL_PROMISE_MINUTES = 30;

/**
 * A home tile's 'from ₹…' (the lowest price in stock for its audience: the public price, or
 * the reseller price for the trade) and its best discount in percent.
 */
interface PriceHint {
  fromPrice?: number;
  bestDiscount?: number;
}

function priceHint(items: Item[], audience: Audience): PriceHint {
  const inStock = items.filter((item) => item.instock);
  if (!inStock.length) return {};
  const priceOf = (item: Item) =>
    audience === 'trade' && item.resellprice > 0 ? item.resellprice : item.discountedprice;
  const prices = inStock.map(priceOf);
  const discounts = inStock.map((item) => {
    const original = item.originalprice;
    const price = priceOf(item);
    return original > price ? Math.round(((original - price) / original) * 100) : 0;
  });
  return { fromPrice: toRupees(Math.min(...prices)), bestDiscount: Math.max(...discounts) };
}

/** Who a catalogue answer is for: resellers and admins also see `resellprice`. */
export type Audience = 'public' | 'trade';

@Injectable()
export class CatalogService {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly cache: CatalogCacheService,
    private readonly tokens: TokenService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The audience of a public route: a valid bearer token of a reseller or admin means trade. */
  async audienceOf(authorization: string | undefined): Promise<Audience> {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return 'public';
    const claims = await this.tokens.verify(token).catch(() => undefined);
    if (!claims?.sub) return 'public';
    const session = await this.users.getSession(claims.sub);
    if (!session || session.isBlocked || session.tokenVersion !== claims.tv) return 'public';
    return session.role === Role.Reseller || session.role === Role.Admin ? 'trade' : 'public';
  }

  /** One cached copy per audience, as for the items. */
  async homeProducts(authorization: string | undefined): Promise<CachedJson> {
    const audience = await this.audienceOf(authorization);
    return this.cache.get(`home:${audience}`, async () => {
      const products = (await this.catalog.listProducts()).filter((product) => product.instock);
      const itemsOf = await this.catalog.itemsOfProducts(products.map((product) => product.id));
      const tiles = new Map<string, ReturnType<typeof mapProduct> & PriceHint>();
      for (const product of products) {
        tiles.set(product.id, {
          ...mapProduct(product),
          ...priceHint(itemsOf.get(product.id)!, audience),
        });
      }
      const tile = (product: Product) => tiles.get(product.id)!;
      const pick = (category: string) => products.filter((p) => p.category === category).map(tile);
      return {
        trending: products.filter((p) => p.istrending).map(tile),
        instantGames: pick('instant-games'),
        games: pick('games'),
        ott: pick('ott'),
        others: pick('others'),
      };
    });
  }

  allProducts(): Promise<CachedJson> {
    return this.cache.get('all', async () => (await this.catalog.listProducts()).map(mapProduct));
  }

  async eachProduct(id: string): Promise<CachedJson> {
    if (!isUuid(id)) throw AppError.notFound(Messages.notFound);
    const answer = await this.cache.get(`product:${id}`, async () => {
      const product = await this.catalog.getProduct(id);
      return product
        ? { product: { ...mapProduct(product), guarantee: this.guarantee(product) } }
        : null;
    });
    if (answer.json === 'null') throw AppError.notFound(Messages.notFound);
    return answer;
  }

  /** The promise the product page shows (manual products: the spec's 30 minutes). */
  private guarantee(product: Product) {
    const { apiMinutes, compensationPaise, compensationPercent } = this.config.guarantee;
    const minutes = product.isApi ? (product.promiseMinutes ?? apiMinutes) : MANUAL_PROMISE_MINUTES;
    return compensationPercent > 0
      ? { minutes, percent: compensationPercent }
      : { minutes, rupees: toRupees(compensationPaise) };
  }

  async items(authorization: string | undefined, productId: string): Promise<CachedJson> {
    if (!isUuid(productId)) throw AppError.notFound(Messages.notFound);
    const audience = await this.audienceOf(authorization);
    const answer = await this.cache.get(`items:${audience}:${productId}`, async () => {
      const product = await this.catalog.getProduct(productId);
      if (!product) return null;
      const items = await this.catalog.itemsOfProduct(productId);
      return { items: items.map((item) => mapItem(item, audience === 'trade')) };
    });
    if (answer.json === 'null') throw AppError.notFound(Messages.notFound);
    return answer;
  }

  // For other modules: the order, the coupon check, the player check, the sitemap, the demo seed.

  /** A product not deleted; undefined for anything else, malformed ids included. */
  getProduct(id: string) {
    return this.catalog.getProduct(id);
  }

  /** An item not deleted; undefined for anything else, malformed ids included. */
  getItem(id: string) {
    return this.catalog.getItem(id);
  }

  /**
   * A product or pack as checkout prices it: from this instance's catalogue cache, which every
   * admin change clears on every instance (`CatalogCacheService.invalidate`).
   */
  productForSale(id: string) {
    return this.cache.row(`product-row:${id}`, () => this.catalog.getProduct(id));
  }

  itemForSale(id: string) {
    return this.cache.row(`item-row:${id}`, () => this.catalog.getItem(id));
  }

  /** Every product with its packs, in display order (the reseller API's price list). */
  async saleCatalogue() {
    const products = await this.catalog.listProducts();
    const items = await this.catalog.itemsOfProducts(products.map((product) => product.id));
    return products.map((product) => ({ product, items: items.get(product.id) ?? [] }));
  }

  listInStockForSitemap() {
    return this.catalog.listInStockForSitemap();
  }

  hasProducts() {
    return this.catalog.hasProducts();
  }

  createItem(item: NewItem) {
    return this.catalog.createItem(item);
  }

  createProduct(product: NewProduct, itemids: number[]) {
    return this.catalog.createProduct(product, itemids);
  }

  /** Clears every instance's cached answers; the admin calls use it after any catalogue change. */
  invalidate() {
    return this.cache.invalidate();
  }
}
