import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { IdempotencyService } from '../../common/idempotency/idempotency.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { UsersService } from '../users/users.service.js';
import type { Language } from '../../common/i18n/language.js';
import type { GuestLookupDto, GuestOrderDto } from './dto/guest-order.dto.js';

/**
 * Guest checkout: the guest's own user row (one per e-mail and mobile, no password, never signed
 * in) places an ordinary UPI order, without coupon or Z-Coins; the mobile finds it again.
 */
@Injectable()
export class GuestCheckoutService {
  constructor(
    private readonly users: UsersService,
    private readonly orders: OrdersService,
    private readonly invoices: InvoicesService,
    private readonly idempotency: IdempotencyService,
  ) {}

  /** Keyed, like `createOrder`, by the buyer (the guest row) and the Idempotency-Key. */
  async place(dto: GuestOrderDto, idempotencyKey: string | undefined, language: Language = 'en') {
    const guest = await this.users.guestFor({
      email: dto.email,
      mobilenumber: dto.mobile,
      stateCode: dto.state,
      language,
    });
    const buyer: AuthUser = {
      id: guest.id,
      userid: guest.userid,
      role: guest.role,
      name: guest.name,
      email: guest.email,
      mobilenumber: guest.mobilenumber,
      stateCode: guest.stateCode,
      gstin: null,
    };
    return this.idempotency.run(buyer, idempotencyKey, 'order/guest', dto, () =>
      this.orders.placeGuestOrder(buyer, {
        itemid: dto.itemid,
        item_id: dto.item_id,
        product_id: dto.product_id,
        userid: guest.userid,
        input1: dto.input1,
        input2: dto.input2,
      }),
    );
  }

  lookup(dto: GuestLookupDto) {
    return this.orders.guestOrderStatus(dto.orderid, (buyerId) => this.placedWith(buyerId, dto));
  }

  /** The guest order's tax invoice, for the mobile it was placed with. */
  async invoice(dto: GuestLookupDto) {
    const order = await this.orders.guestOrderOwnedBy(dto.orderid, (buyerId) =>
      this.placedWith(buyerId, dto),
    );
    return this.invoices.pdf(order.orderid, 'invoice', (buyerId) => buyerId === order.userId);
  }

  /**
   * The order's buyer holds this mobile: the guest row it was placed with, or the account it
   * joined after that account proved the same number.
   */
  private async placedWith(buyerId: string, dto: GuestLookupDto) {
    const buyer = await this.users.getById(buyerId);
    return buyer?.mobilenumber === dto.mobile;
  }
}
