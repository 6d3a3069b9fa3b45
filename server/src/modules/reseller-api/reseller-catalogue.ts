import { HttpStatus, Injectable } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import { firstInputKind, inputsValid, secondInputKind } from '@zstore/contract/order-inputs';
import { AppError } from '../../common/errors/app-error.js';
import type { Item } from '../catalog/item.entity.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { ResellerErrorCode } from './reseller-errors.js';
import { sha256Hex } from './request-signature.js';
import type { OrderRequest } from './reseller-order-view.js';

const invalidInput = (message: string) =>
  new AppError(ResellerErrorCode.InvalidInput, message, HttpStatus.BAD_REQUEST);

/** The catalogue as resellers see it: their prices, and the pack an order asks for. */
@Injectable()
export class ResellerCatalogue {
  /** Pack id to product id, as the last full read of the catalogue found them. */
  private productOfItem = new Map<string, string>();

  constructor(private readonly catalog: CatalogService) {}

  /** `GET /products`, with an ETag of its exact bytes. */
  async priceList() {
    const catalogue = await this.catalog.saleCatalogue();
    const body = JSON.stringify({
      products: catalogue.map(({ product, items }) => ({
        product_id: product.id,
        name: product.name,
        type: product.type,
        category: product.category,
        inputs: product.inputs.map((input) => input.label),
        input_rules: { input1: firstInputKind(product), input2: secondInputKind(product) },
        items: items.map((item) => ({
          item_id: item.id,
          itemid: item.itemid,
          name: item.name,
          price_paise: item.resellprice,
          in_stock: product.instock && item.instock,
        })),
      })),
    });
    return { body, etag: `"${sha256Hex(body).slice(0, 32)}"` };
  }

  /**
   * The product and pack `item_id` names, checked as checkout checks them: for sale, in stock,
   * the inputs of the product's shape (the live checkout checks again in its own words).
   */
  async packFor(request: OrderRequest, mode: 'live' | 'test') {
    const item = await this.catalog.itemForSale(request.item_id);
    const product = item ? await this.productOf(item) : undefined;
    if (!item || !product) throw invalidInput(Messages.selectPackAndDetails);
    if (mode === 'test') {
      if (!product.instock || !item.instock) {
        throw new AppError(ResellerErrorCode.OutOfStock, Messages.outOfStock, HttpStatus.CONFLICT);
      }
      if (!inputsValid(product, request.input1, request.input2)) {
        throw invalidInput(Messages.selectPackAndDetails);
      }
    }
    return { product, item };
  }

  /**
   * The product selling `item`: the one the last full read named, if its cached row still lists
   * the pack (a read of the whole catalogue per order would cost more than the order itself);
   * otherwise the whole catalogue is read again.
   */
  private async productOf(item: Item) {
    const hinted = this.productOfItem.get(item.id);
    const product = hinted ? await this.catalog.productForSale(hinted) : undefined;
    if (product?.items.includes(item.itemid)) return product;
    const catalogue = await this.catalog.saleCatalogue();
    this.productOfItem = new Map(
      catalogue.flatMap(({ product: p, items }) => items.map((i) => [i.id, p.id] as const)),
    );
    return catalogue.find(({ product: p }) => p.items.includes(item.itemid))?.product;
  }

  /** The first pack of a product, which the player check asks about. */
  async firstPackOf(productId: string) {
    const entry = (await this.catalog.saleCatalogue()).find(
      ({ product }) => product.id === productId,
    );
    const item = entry?.items[0];
    if (!entry || !item) throw invalidInput(Messages.selectPackAndDetails);
    return { product: entry.product, item };
  }
}
