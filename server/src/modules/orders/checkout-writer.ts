import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Messages } from '@zstore/contract/messages';
import { databaseNow } from '../../common/clock-skew.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CouponsService } from '../coupons/coupons.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import type { InvoiceParty } from '../invoices/tax-invoice.js';
import { answerOnCommit } from '../../common/idempotency/idempotency-claim.js';
import { newBusinessId } from '../../common/ids.js';
import { WalletMovements } from '../wallet/wallet-movements.service.js';
import { OrderTransitions } from './order-transitions.service.js';
import { OrdersRepository, type NewOrder, type Order } from './orders.repository.js';

/**
 * An order as checkout quoted it, before its coupon and payment are settled, and who its invoice
 * names if it is paid at once.
 */
export type OrderDraft = Omit<
  NewOrder,
  'discount' | 'value' | 'couponId' | 'status' | 'transactionId' | 'paidAt'
> & { invoiceParty: InvoiceParty };

/** The written order, with the deadline of its UPI payment (null when it was paid at once). */
export type WrittenOrder = Order & { expiresAt: Date | null };

/**
 * The write of a checkout, in one transaction: the coupon taken (the buyer's unpaid UPI orders
 * holding it failed first), the order inserted and, for Z-Coins, its debit and its tax invoice.
 */
@Injectable()
export class CheckoutWriter {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly orders: OrdersRepository,
    private readonly coupons: CouponsService,
    private readonly movements: WalletMovements,
    private readonly transitions: OrderTransitions,
    private readonly invoices: InvoicesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `answerOf` gives the request's answer for an order paid at once, stored with this
   * transaction (`answerOnCommit`); a UPI order's answer waits for its payment page.
   * `withOrder` runs in the transaction once the order row exists and before any money moves
   * (the reseller API binds its reference there: a clash rolls the whole order back).
   */
  write(
    draft: OrderDraft,
    couponCode: string | undefined,
    now: Date,
    answerOf: (order: Order) => unknown,
    withOrder?: (order: Order) => Promise<void>,
  ): Promise<WrittenOrder> {
    const { invoiceParty, ...fields } = draft;
    return this.txHost.withTransaction(async () => {
      let total = draft.price;
      let discount = 0;
      let couponId: string | null = null;
      if (couponCode) {
        const coupon = await this.coupons.find(couponCode);
        if (coupon) {
          for (const old of await this.orders.unpaidHoldingCoupon(draft.userId, coupon.id)) {
            await this.transitions.failUnpaid(old.orderid, Messages.orderReplaced);
          }
        }
        const taken = await this.coupons.take(couponCode, draft.userId, draft.price);
        couponId = taken.coupon.id;
        total = taken.price.total;
        discount = taken.price.discount;
      }
      const paidNow = draft.paymentMode === 'wallet' || total === 0;
      const txnid = draft.paymentMode === 'wallet' && total > 0 ? newBusinessId('ZT') : null;
      const status = paidNow ? 'Processing' : 'Created';
      const written = {
        ...fields,
        id: randomUUID(),
        discount,
        value: total,
        couponId,
        status,
        transactionId: txnid,
        paidAt: paidNow ? now : null,
      } as const;
      // A paid order's invoice travels in the order's own statement, before the debit: the wallet
      // row stays locked from the debit to the commit, so the less that runs after it, the sooner
      // the buyer's next order may debit.
      const order = await this.orders.insert(
        written,
        paidNow ? [this.invoices.invoiceInsert(written, now, invoiceParty)] : [],
      );
      // The payment deadline runs on the database's clock, never this process's.
      const expiresAt = paidNow
        ? null
        : new Date((await databaseNow(this.txHost.tx)).getTime() + this.config.upi.paymentTtlMs);
      if (withOrder) await withOrder(order);
      if (txnid) {
        await this.movements.debitForOrder({
          orderid: draft.orderid,
          txnid,
          holder: { id: draft.userId, userid: draft.userid, email: draft.userEmail },
          amount: total,
        });
      }
      if (order.status === 'Processing') answerOnCommit(answerOf(order));
      return { ...order, expiresAt };
    });
  }
}
