import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName } from '../../jobs/job.enum.js';
import { JobQueueService, type QueueOptions } from '../../jobs/job-queue.service.js';
import { CouponsService } from '../coupons/coupons.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { commerceError, CommerceErrorCode } from '../../common/errors/commerce-errors.js';
import { sourcesOf, type OrderStatus } from './order-state.js';
import { OrderStatusListeners } from './order-status-listeners.js';
import {
  OrdersRepository,
  type DeliveryFence,
  type Order,
  type OrderPatch,
} from './orders.repository.js';

/** The delivery job of an order's generation `n` (DESIGN section 5): `delivery-<orderid>-<n>`. */
export const deliveryJobId = (orderid: string, generation: number) =>
  `delivery-${orderid}-${generation}`;
/**
 * Every status change of an order goes through `transition` (a guarded UPDATE from the legal
 * source states of `order-state.ts`); the coupon is given back when an order fails or is refunded.
 */
@Injectable()
export class OrderTransitions {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly coupons: CouponsService,
    private readonly jobs: JobQueueService,
    private readonly listeners: OrderStatusListeners,
    private readonly invoices: InvoicesService,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The one transition function: a guarded move from the states that may lead to `to`.
   * Refuses (409) when the order is elsewhere, including when a concurrent caller moved it first.
   */
  async transition(
    orderid: string,
    to: OrderStatus,
    patch: OrderPatch = {},
    fence?: DeliveryFence,
  ): Promise<Order> {
    const moved = await this.tryTransition(orderid, to, patch, fence);
    if (moved) return moved;
    if (!(await this.orders.get(orderid))) throw AppError.notFound(Messages.notFound);
    throw commerceError(
      CommerceErrorCode.IllegalTransition,
      Messages.illegalTransition,
      HttpStatus.CONFLICT,
    );
  }

  /** `transition` for a caller that may lose the race: undefined when the order was elsewhere. */
  async tryTransition(
    orderid: string,
    to: OrderStatus,
    patch: OrderPatch = {},
    fence?: DeliveryFence,
  ): Promise<Order | undefined> {
    // One transaction (joining the caller's, if any): the listeners' writes commit with the move.
    return this.txHost.withTransaction(async () => {
      const moved = await this.orders.move(orderid, sourcesOf(to), to, patch, fence);
      if (moved && (to === 'Failed' || to === 'Refunded')) {
        const held = await this.orders.releaseCoupon(orderid);
        if (held) await this.coupons.giveBack(held.couponId, held.userId);
      }
      if (moved) await this.listeners.moved(moved);
      return moved;
    });
  }

  /**
   * Fails an unpaid order (undefined when it is no longer unpaid). A payment arriving later is
   * still caught by the payment's late checks (`LATE_CHECKS`) and credited to the wallet.
   */
  async failUnpaid(orderid: string, reason: string) {
    try {
      return await this.transition(orderid, 'Failed', { reason });
    } catch (error) {
      if (error instanceof AppError && error.status === HttpStatus.CONFLICT) return undefined;
      throw error;
    }
  }

  /**
   * The hook after an order enters `Processing` (after commit): its tax invoice is numbered, and
   * an API-backed item goes to the delivery worker (`OrderDeliver`, DESIGN section 5); the sweeps
   * catch a lost enqueue.
   */
  async afterPaid(
    order: Pick<Order, 'orderid' | 'isApi' | 'deliveryGeneration'>,
    options: QueueOptions = {},
  ) {
    this.invoices.numberSoon();
    if (!order.isApi || !this.config.delivery.enabled) return;
    await this.jobs.queueSoon(
      JobName.OrderDeliver,
      { orderid: order.orderid, generation: order.deliveryGeneration },
      deliveryJobId(order.orderid, order.deliveryGeneration),
      options,
    );
  }
}
