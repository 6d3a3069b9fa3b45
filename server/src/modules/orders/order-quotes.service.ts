import { HttpStatus, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { requireOwner } from '../../common/auth/access.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import type { Item } from '../catalog/item.entity.js';
import type { Product } from '../catalog/product.entity.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { CouponsService } from '../coupons/coupons.service.js';
import { commerceError, CommerceErrorCode } from '../../common/errors/commerce-errors.js';
import { Role } from '../../common/auth/role.js';
import type { OrderCreateDto } from './dto/order.dto.js';
import { inputsValid } from '@zstore/contract/order-inputs';

/** What an order will be for, checked before anything is written: the buyer, the pack, the price. */
@Injectable()
export class OrderQuotes {
  constructor(
    private readonly catalog: CatalogService,
    private readonly coupons: CouponsService,
  ) {}

  async quote(auth: AuthUser, dto: OrderCreateDto, mode: 'upi' | 'wallet') {
    requireOwner(auth, dto.userid);
    // The buyer as the auth guard read them for this request.
    const user = auth;
    const [product, item] = await Promise.all([
      this.catalog.productForSale(dto.product_id),
      this.catalog.itemForSale(dto.item_id),
    ]);
    if (!product || !item || !this.belongs(product, item, dto.itemid)) {
      throw AppError.badRequest(Messages.selectPackAndDetails);
    }
    if (!product.instock || !item.instock) {
      throw commerceError(CommerceErrorCode.OutOfStock, Messages.outOfStock, HttpStatus.CONFLICT);
    }
    if (!inputsValid(product, dto.input1, dto.input2)) {
      throw AppError.badRequest(Messages.selectPackAndDetails);
    }
    const couponCode = dto.couponCode?.trim().toUpperCase() || undefined;
    if (couponCode) this.coupons.requireCouponUser(auth);
    if (mode === 'upi' && !user.mobilenumber) {
      throw commerceError(
        CommerceErrorCode.MobileRequired,
        Messages.mobileRequiredForUpi,
        HttpStatus.BAD_REQUEST,
      );
    }
    const price = user.role === Role.Reseller ? item.resellprice : item.discountedprice;
    return { user, product, item, couponCode, price };
  }

  private belongs(product: Product, item: Item, itemid: number) {
    return item.itemid === itemid && product.items.includes(itemid);
  }
}
