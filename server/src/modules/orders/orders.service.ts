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
import type { Order } from './orders.repository.js';
import { OrdersRepository } from './orders.repository.js';

export { paymentJobId } from './order-payments.js';
export { deliveryJobId } from './order-transitions.service.js';

const MAX_PAGE = 500;
/** A customer's list answers its newest rows; `?page` and `?limit` (up to `MAX_PAGE`) reach older ones. */
const DEFAULT_PAGE = 50;

/**
 * The orders module's face for the customer's calls (place, status, list) and a payment's
 * confirmation. The work is done by `CheckoutService` and `OrderPayments` (the UPI lifecycle's
 * port); other modules settle a paid order through `OrderSettlementService` itself.
 */
@Injectable()
export class OrdersService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly orders: OrdersRepository,
    private readonly checkout: CheckoutService,
    private readonly payments: OrderPayments,
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
    const order = await this.orders.get(dto.client_txn_id);
    if (!order) throw AppError.notFound(Messages.notFound);
    requireReadAccess(auth, order.userid);
    return this.statusOf(order);
  }

  /**
   * A UPI order placed without an account (`guest` marks it). `guest` stands for the guest's
   * own row, so every later path (payment, ledger, refund, invoice) is the customer's as usual.
   */
  placeGuestOrder(guest: AuthUser, dto: OrderCreateDto) {
    return this.checkout.place(guest, dto, 'upi', {
      rememberPlayer: false,
      withOrder: (order) => this.orders.markGuest(order.orderid),
    });
  }

  /** A guest order's status for whoever `isBuyer` accepts; 404 alike for any other order. */
  async guestOrderStatus(orderid: string, isBuyer: (userId: string) => Promise<boolean>) {
    return this.statusOf(await this.guestOrderOwnedBy(orderid, isBuyer));
  }

  /** A guest order, when `isBuyer` accepts its buyer; 404 alike for any other order. */
  async guestOrderOwnedBy(orderid: string, isBuyer: (userId: string) => Promise<boolean>) {
    const order = await this.orders.get(orderid);
    if (!order?.guest || !(await isBuyer(order.userId))) {
      throw AppError.notFound(Messages.notFound);
    }
    return order;
  }

  /** A guest's orders, moved to the account that proved the guest's contacts (caller's transaction). */
  moveOwner(fromUserId: string, to: { id: string; userid: number }) {
    return this.orders.moveOwner(fromUserId, to);
  }

  private async statusOf(found: Order) {
    let order = found;
    // A failed order is asked about too: a payment may still arrive, and is then credited.
    if (order.paymentMode === 'upi' && (order.status === 'Created' || order.status === 'Failed')) {
      await this.verifyPayment(order.orderid).catch((error: Error) =>
        this.logger.warn(`order ${order.orderid}: ${error.message}`),
      );
      order = (await this.orders.get(order.orderid))!;
    }
    const gateway = (await this.payments.lastAnswer(order.orderid)) as {
      status?: string;
      upi_txn_id?: string;
    } | null;
    return {
      order: (await this.mapWithLinks([order]))[0],
      data: gateway
        ? { status: String(gateway.status ?? ''), upi_txn_id: gateway.upi_txn_id || null }
        : null,
    };
  }

  async list(auth: AuthUser, userid: number, page = 1, limit = DEFAULT_PAGE) {
    requireReadAccess(auth, userid);
    const size = Math.min(MAX_PAGE, Math.max(1, limit));
    return this.mapWithLinks(
      await this.orders.listForUser(userid, size, (Math.max(1, page) - 1) * size),
    );
  }

  /** The orders as answered, an unpaid one with its payment's links while it can be paid. */
  async mapWithLinks(orders: Order[]) {
    const live = await this.payments.liveLinks(orders);
    return orders.map((order) => mapOrder(order, live.get(order.orderid)));
  }

  /** Confirms a UPI payment with the gateway (never the browser); see `OrderPayments`. */
  verifyPayment(orderid: string): Promise<'pending' | 'settled'> {
    return this.payments.verify(orderid);
  }

  @OnJob({ name: JobName.OrderVerifyPayment, queue: QueueName.Payments })
  handleVerifyPayment({ orderid }: JobOf<JobName.OrderVerifyPayment>): Promise<JobStatus> {
    return this.payments.verifyAsJob(orderid);
  }
}
