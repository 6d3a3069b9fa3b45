import { Injectable, Logger } from '@nestjs/common';
import { requireReadAccess } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { mapOrder, type OrderCreateDto, type OrderStatusRequestDto } from './dto/order.dto.js';
import { CheckoutService } from './checkout.service.js';
import { OrderPayments } from './order-payments.js';
import { OrderSettlementService } from './order-settlement.service.js';
import type { DeliveryFence, Order } from './orders.repository.js';
import { OrdersRepository } from './orders.repository.js';

export { paymentJobId } from './order-payments.js';
export { fulfilJobId } from './order-transitions.service.js';

const MAX_PAGE = 500;
/** A customer's list answers its newest rows; `?page` and `?limit` (up to `MAX_PAGE`) reach older ones. */
const DEFAULT_PAGE = 50;

/**
 * The orders module's face: the customer's calls (place, status, list) and the moves other
 * modules make (confirm a payment, settle a paid order). The work is done by `CheckoutService`,
 * `OrderPayments` (the UPI lifecycle's port) and `OrderSettlementService`.
 */
@Injectable()
export class OrdersService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly orders: OrdersRepository,
    private readonly checkout: CheckoutService,
    private readonly payments: OrderPayments,
    private readonly settlement: OrderSettlementService,
  ) {}

  createUpiOrder(auth: AuthUser, dto: OrderCreateDto) {
    return this.checkout.place(auth, dto, 'upi');
  }

  createWalletOrder(auth: AuthUser, dto: OrderCreateDto) {
    return this.checkout.place(auth, dto, 'wallet');
  }

  /**
   * A Z-Coins order placed for another client of the store (the reseller API): the same
   * checkout, with `withOrder` run in the order's transaction before its debit.
   */
  placeWalletOrderFor(
    auth: AuthUser,
    dto: OrderCreateDto,
    withOrder: (order: Order) => Promise<void>,
    options: { background?: boolean } = {},
  ) {
    return this.checkout.place(auth, dto, 'wallet', {
      withOrder,
      rememberPlayer: false,
      background: options.background,
    });
  }

  /** Orders by business id, as stored (for modules that keep their own reference to them). */
  getMany(orderids: string[]) {
    return this.orders.getMany(orderids);
  }

  async orderStatus(auth: AuthUser, dto: OrderStatusRequestDto) {
    let order = await this.orders.get(dto.client_txn_id);
    if (!order) throw AppError.notFound(Messages.notFound);
    requireReadAccess(auth, order.userid);
    // A failed order is asked about too: a payment may still arrive, and is then credited.
    if (order.paymentMode === 'upi' && (order.status === 'Created' || order.status === 'Failed')) {
      await this.verifyPayment(order.orderid).catch((error: Error) =>
        this.logger.warn(`order ${order!.orderid}: ${error.message}`),
      );
      order = (await this.orders.get(dto.client_txn_id))!;
    }
    const gateway = order.gatewayData as { status?: string; upi_txn_id?: string } | null;
    return {
      order: mapOrder(order),
      data: gateway
        ? { status: String(gateway.status ?? ''), upi_txn_id: gateway.upi_txn_id || null }
        : null,
    };
  }

  async list(auth: AuthUser, userid: number, page = 1, limit = DEFAULT_PAGE) {
    requireReadAccess(auth, userid);
    const size = Math.min(MAX_PAGE, Math.max(1, limit));
    return (await this.orders.listForUser(userid, size, (Math.max(1, page) - 1) * size)).map(
      mapOrder,
    );
  }

  /** Confirms a UPI payment with the gateway (never the browser); see `OrderPayments`. */
  verifyPayment(orderid: string): Promise<'pending' | 'settled'> {
    return this.payments.verify(orderid);
  }

  @OnJob({ name: JobName.OrderVerifyPayment, queue: QueueName.Payments })
  handleVerifyPayment({ orderid }: JobOf<JobName.OrderVerifyPayment>): Promise<JobStatus> {
    return this.payments.verifyAsJob(orderid);
  }

  refundToWallet(
    orderid: string,
    reason?: string,
    fence?: DeliveryFence,
    actorId?: string,
    customerWhy?: string,
  ) {
    return this.settlement.refundToWallet(orderid, reason, fence, actorId, customerWhy);
  }

  complete(orderid: string, fence?: DeliveryFence, reason?: string, actorId?: string) {
    return this.settlement.complete(orderid, fence, reason, actorId);
  }

  cancel(orderid: string, reason?: string, fence?: DeliveryFence, actorId?: string) {
    return this.settlement.cancel(orderid, reason, fence, actorId);
  }
}
