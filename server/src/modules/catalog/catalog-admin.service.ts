import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { Messages } from '@zstore/contract/messages';
import { AuditService } from '../audit/audit.service.js';
import {
  itemFields,
  paiseOf,
  productFields,
  type ItemFields,
  type ProductFields,
} from './catalog-admin.input.js';
import { CatalogAdminRepository, type AdminItem } from './catalog-admin.repository.js';
import type { Product } from './product.entity.js';
import { CatalogService } from './catalog.service.js';
import {
  mapAdminItem,
  mapAdminProduct,
  type ItemEditDto,
  type ItemPriceUpdateDto,
  type ItemWriteDto,
  type ProductEditDto,
  type ProductStockUpdateDto,
  type ProductWriteDto,
} from './dto/catalog-admin.dto.js';

const productFieldsOf = (product: Product): ProductFields => ({
  name: product.name,
  type: product.type,
  category: product.category,
  imgpath: product.imgpath,
  importantnote: product.importantnote,
  inputs: product.inputs,
  items: [...product.items],
  istrending: product.istrending,
  instock: product.instock,
  isApi: product.isApi,
  apiType: product.apiType,
  promiseMinutes: product.promiseMinutes,
});

const itemFieldsOf = (item: AdminItem): ItemFields => ({
  name: item.name,
  type: item.type,
  suggestedTask: item.suggestedTask,
  originalprice: item.originalprice,
  discountedprice: item.discountedprice,
  resellprice: item.resellprice,
  isApi: item.isApi,
  apiType: item.apiType,
  itemidarray: item.itemidarray,
  imgpath: item.imgpath,
  instock: item.instock,
});

/**
 * Products and items for the admin console (spec 002 and the REST surface). Every change is
 * audited in its transaction, then every instance's catalogue cache is cleared.
 */
@Injectable()
export class CatalogAdminService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly repository: CatalogAdminRepository,
    private readonly catalog: CatalogService,
    private readonly audit: AuditService,
  ) {}

  async listProducts(query: ListQuery) {
    const { rows, total } = await this.repository.listProducts(query);
    return { products: rows.map(mapAdminProduct), total };
  }

  async getProduct(id: string) {
    return mapAdminProduct(await this.requireProduct(id));
  }

  async createProduct(auth: AuthUser, form: ProductWriteDto) {
    const fields = productFields(form);
    const row = await this.change(async () => {
      const created = await this.repository.insertProduct(fields);
      await this.record(auth, 'product.create', 'product', created.id, null, fields);
      return created;
    });
    return mapAdminProduct(row);
  }

  async editProduct(auth: AuthUser, id: string, form: ProductEditDto) {
    const row = await this.change(async () => {
      const before = await this.requireProduct(id);
      const fields = productFields(form, productFieldsOf(before));
      const after = await this.repository.updateProduct(id, fields);
      await this.record(auth, 'product.update', 'product', id, before, fields);
      return after;
    });
    return mapAdminProduct(row);
  }

  /** The price screen's `updateproduct`: stock and the important note only. */
  async updateProductStock(auth: AuthUser, form: ProductStockUpdateDto) {
    const id = form._id ?? '';
    const row = await this.change(async () => {
      const before = await this.requireProduct(id);
      const fields = productFieldsOf(before);
      fields.instock = form.instock ?? fields.instock;
      fields.importantnote = form.importantNote ?? fields.importantnote;
      const after = await this.repository.updateProduct(id, fields);
      await this.record(
        auth,
        'product.stock',
        'product',
        id,
        { instock: before.instock, importantnote: before.importantnote },
        { instock: fields.instock, importantnote: fields.importantnote },
      );
      return after;
    });
    return mapAdminProduct(row);
  }

  async deleteProductByNumber(auth: AuthUser, productid: number) {
    const id = Number.isSafeInteger(productid)
      ? await this.repository.productIdOf(productid)
      : undefined;
    if (!id) throw AppError.notFound(Messages.notFound);
    return this.deleteProduct(auth, id);
  }

  /** Soft: orders reference the product, so it is hidden rather than removed. */
  async deleteProduct(auth: AuthUser, id: string) {
    const row = await this.change(async () => {
      const before = await this.requireProduct(id);
      await this.repository.softDeleteProduct(id);
      await this.record(auth, 'product.delete', 'product', id, before, null);
      return before;
    });
    return mapAdminProduct(row);
  }

  async listItems(query: ListQuery) {
    const { rows, total } = await this.repository.listItems(query);
    return { items: rows.map(mapAdminItem), total };
  }

  async getItem(itemid: number) {
    return mapAdminItem(await this.requireItem({ itemid }));
  }

  /** A new item; with `productId` (the REST form) it is also added to that product's list. */
  async createItem(auth: AuthUser, form: ItemWriteDto) {
    const fields = itemFields(form);
    const productId = typeof form.productId === 'string' && form.productId ? form.productId : null;
    const itemid = await this.change(async () => {
      if (productId) await this.requireProduct(productId);
      const created = await this.repository.insertItem(fields);
      if (productId) await this.repository.attachItem(productId, created.itemid);
      await this.record(auth, 'item.create', 'item', created.id, null, fields);
      return created.itemid;
    });
    return this.getItem(itemid);
  }

  async editItem(auth: AuthUser, itemid: number, form: ItemEditDto) {
    await this.change(async () => {
      const before = await this.requireItem({ itemid });
      const fields = itemFields(form, itemFieldsOf(before));
      await this.repository.updateItem(before.id, fields);
      await this.record(auth, 'item.update', 'item', before.id, before, fields);
    });
    return this.getItem(itemid);
  }

  /** The price screen's `updateitem`: selling price, resell price and stock, in rupees. */
  async updateItemPrice(auth: AuthUser, id: string, form: ItemPriceUpdateDto) {
    const itemid = await this.change(async () => {
      const before = await this.requireItem({ id });
      const fields = itemFieldsOf(before);
      if (form.price !== undefined) fields.discountedprice = paiseOf(form.price);
      if (form.resellPrice !== undefined) fields.resellprice = paiseOf(form.resellPrice);
      fields.instock = form.itemInstock ?? fields.instock;
      await this.repository.updateItem(id, fields);
      const pick = (item: ItemFields) => ({
        discountedprice: item.discountedprice,
        resellprice: item.resellprice,
        instock: item.instock,
      });
      await this.record(auth, 'item.price', 'item', id, pick(itemFieldsOf(before)), pick(fields));
      return before.itemid;
    });
    return this.getItem(itemid);
  }

  /** Soft: orders reference the item. It also leaves every product's `items` list. */
  async deleteItem(auth: AuthUser, itemid: number) {
    const row = await this.change(async () => {
      const before = await this.requireItem({ itemid });
      await this.repository.softDeleteItem(before.id, itemid);
      await this.record(auth, 'item.delete', 'item', before.id, before, null);
      return before;
    });
    return mapAdminItem(row);
  }

  private async change<T>(work: () => Promise<T>): Promise<T> {
    const result = await this.txHost.withTransaction(work);
    await this.catalog.invalidate();
    return result;
  }

  private record(
    auth: AuthUser,
    action: string,
    entity: string,
    entityId: string,
    before: unknown,
    after: unknown,
  ) {
    return this.audit.record({ actorId: auth.id, action, entity, entityId, before, after });
  }

  private async requireProduct(id: string) {
    const row = await this.repository.product(id, this.txHost.isTransactionActive());
    if (!row) throw AppError.notFound(Messages.notFound);
    return row;
  }

  private async requireItem(key: { itemid: number } | { id: string }) {
    const row = await this.repository.item(key, this.txHost.isTransactionActive());
    if (!row) throw AppError.notFound(Messages.notFound);
    return row;
  }
}
