import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { requireOwner, requireReadAccess } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { AppError } from '../../common/errors/app-error.js';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { Messages } from '../../common/messages.js';
import { inputsValid } from '../../common/order-inputs.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { UpiGatewayAdapter } from '../../providers/upigateway/upigateway.adapter.js';
import { AuditService } from '../audit/audit.service.js';
import { CatalogRepository, type ItemRow, type ProductRow } from '../catalog/catalog.repository.js';
import { CouponsService } from '../coupons/coupons.service.js';
import { commerceError, CommerceErrorCode } from '../ledger/commerce-errors.js';
import { IdempotencyService } from '../ledger/idempotency.service.js';
import { LedgerService, SystemAccount, walletAccount } from '../ledger/ledger.service.js';
import { istDate, newBusinessId, toPaise, toRupees } from '../ledger/money.js';
import { Role } from '../users/entities/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { PointsService } from '../wallet/points.service.js';
import { WalletService } from '../wallet/wallet.service.js';
import { mapOrder, type OrderCreateDto, type OrderStatusRequestDto } from './dto/order.dto.js';
import { SavedPlayersRepository } from '../saved-players/saved-players.repository.js';
import { CheckedPlayers } from './checked-players.js';
import { refundWords } from './customer-reasons.js';
import { sourcesOf, type OrderStatus } from './order-state.js';
import {
  OrdersRepository,
  type DeliveryFence,
  type OrderPatch,
  type OrderRow,
} from './orders.repository.js';
import { StoreMetrics } from '../operations/store-metrics.js';
import { LogContext } from '../../common/logging/log-context.js';

export const paymentJobId = (orderid: string, generation: number) => `pay-${orderid}-${generation}`;
/** The delivery job of an order's generation `n` (DESIGN section 5): `fulfil-<orderid>-<n>`. */
export const fulfilJobId = (orderid: string, generation: number) =>
  `fulfil-${orderid}-${generation}`;
/** How long a failed UPI order is still checked for a payment that arrives late. */
const LATE_CHECK_MS = 60 * 60_000;
const MAX_PAGE = 500;

/**
 * Orders: creation (UPI or Z-Coins), payment confirmation, and the moves after it. Every status
 * change goes through `transition` (a guarded UPDATE from the legal source states), money moves
 * through the ledger in the same transaction, and jobs are enqueued only after commit.
 */
@Injectable()
export class OrdersService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly db: DataSource,
    private readonly orders: OrdersRepository,
    private readonly catalog: CatalogRepository,
    private readonly coupons: CouponsService,
    private readonly ledger: LedgerService,
    private readonly wallet: WalletService,
    private readonly points: PointsService,
    private readonly users: UsersRepository,
    private readonly upi: UpiGatewayAdapter,
    private readonly jobs: JobQueueService,
    private readonly idempotency: IdempotencyService,
    private readonly limits: RateLimitService,
    private readonly audit: AuditService,
    private readonly checkedPlayers: CheckedPlayers,
    private readonly savedPlayers: SavedPlayersRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: StoreMetrics,
    private readonly logContext: LogContext,
  ) {}

  createUpiOrder(auth: AuthUser, idempotencyKey: string | undefined, dto: OrderCreateDto) {
    return this.idempotency.run(auth, idempotencyKey, 'order/createOrder', dto, () =>
      this.place(auth, dto, 'upi'),
    );
  }

  createWalletOrder(auth: AuthUser, idempotencyKey: string | undefined, dto: OrderCreateDto) {
    return this.idempotency.run(auth, idempotencyKey, 'order/createWalletOrder', dto, () =>
      this.place(auth, dto, 'wallet'),
    );
  }

  private async place(auth: AuthUser, dto: OrderCreateDto, mode: 'upi' | 'wallet') {
    await this.limits.hit(`order:user:${auth.id}`, this.config.rateLimits.userActions);
    requireOwner(auth, dto.userid);
    const user = await this.users.getById(auth.id);
    if (!user) throw AppError.notFound(Messages.notFound);
    const [product, item] = await Promise.all([
      this.catalog.getProduct(dto.product_id),
      this.catalog.getItem(dto.item_id),
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
    const price = Number(user.role === Role.Reseller ? item.resellprice : item.discountedprice);
    const playerName = await this.checkedPlayers.find(product.id, dto.input1, dto.input2);
    const now = this.clock.now();
    const orderid = newBusinessId('ZS');
    this.logContext.bind({ orderid });

    const order = await this.db.transaction(async (manager) => {
      let total = price;
      let discount = 0;
      let couponId: string | null = null;
      if (couponCode) {
        const coupon = await this.coupons.find(couponCode, manager);
        if (coupon) {
          for (const old of await this.orders.unpaidHoldingCoupon(manager, user.id, coupon.id)) {
            await this.failUnpaid(manager, old.orderid, Messages.orderReplaced, now);
          }
        }
        const taken = await this.coupons.take(manager, couponCode, user.id, price);
        couponId = taken.coupon.id;
        total = taken.price.total;
        discount = taken.price.discount;
      }
      const paidNow = mode === 'wallet' || total === 0;
      const txnid = mode === 'wallet' && total > 0 ? newBusinessId('ZT') : null;
      const row = await this.orders.insert(manager, {
        orderid,
        userId: user.id,
        userid: user.userid,
        useremail: user.email,
        productId: product.id,
        itemId: item.id,
        productname: product.name,
        itemname: item.name,
        input1: dto.input1,
        input2: dto.input2,
        playerName,
        price,
        discount,
        value: total,
        couponId,
        paymentmode: mode,
        status: paidNow ? 'Processing' : 'Created',
        isApi: item.is_api,
        apiType: item.api_type ?? product.api_type,
        itemidarray: item.itemidarray,
        transactionid: txnid,
        txnDate: istDate(now),
        expiresAt: paidNow ? null : new Date(now.getTime() + this.config.upi.paymentTtlMs),
        paidAt: paidNow ? now : null,
      });
      await this.savedPlayers.remember(manager, {
        userId: user.id,
        productId: product.id,
        input1: dto.input1,
        input2: dto.input2,
      });
      if (txnid) {
        await this.wallet.record(manager, {
          txnid,
          userId: user.id,
          userid: user.userid,
          useremail: user.email,
          type: 'Debit',
          status: 'Success',
          purpose: 'order',
          amount: total,
          orderid,
          txnDate: istDate(now),
        });
        await this.ledger.post(manager, {
          key: `order-${orderid}`,
          kind: 'wallet_order',
          reference: orderid,
          legs: [
            { account: walletAccount(user.userid), currency: 'ZCOIN', amount: -total },
            { account: SystemAccount.Sales, currency: 'ZCOIN', amount: total },
          ],
        });
      }
      return row;
    });

    const confirmation = `/confirmation?client_txn_id=${order.orderid}`;
    this.logger.log(`order placed (${order.status}, ${mode})`);
    if (order.status === 'Processing') {
      await this.afterPaid(order);
      return mode === 'wallet'
        ? { msg: Messages.orderPlaced, redirect_url: confirmation, orderid: order.orderid }
        : { status: true, data: { payment_url: confirmation, orderid: order.orderid } };
    }
    let paymentUrl: string;
    try {
      const created = await this.upi.createOrder({
        clientTxnId: order.orderid,
        amount: Number(order.value),
        pInfo: `${product.name} - ${item.name}`,
        customerName: user.name,
        customerEmail: user.email,
        customerMobile: user.mobilenumber!,
        redirectUrl: `${this.config.publicUrl}/confirmation`,
        udf1: 'order',
      });
      paymentUrl = created.paymentUrl;
      await this.orders.setGateway(order.orderid, created.orderId, created.paymentUrl);
    } catch (error) {
      this.logger.warn(`order ${order.orderid}: ${(error as Error).message}`);
      await this.db.transaction((manager) =>
        this.failUnpaid(manager, order.orderid, Messages.paymentUnavailable, now),
      );
      throw commerceError(
        CommerceErrorCode.PaymentUnavailable,
        Messages.paymentUnavailable,
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    await this.jobs.queueSoon(
      JobName.OrderVerifyPayment,
      { orderid: order.orderid },
      paymentJobId(order.orderid, 0),
    );
    return { status: true, data: { payment_url: paymentUrl, orderid: order.orderid } };
  }

  private belongs(product: ProductRow, item: ItemRow, itemid: number) {
    return Number(item.itemid) === itemid && product.items.map(Number).includes(itemid);
  }

  /**
   * The one transition function: a guarded move from the states that may lead to `to`.
   * Refuses (409) when the order is elsewhere, including when a concurrent caller moved it first.
   */
  async transition(
    manager: EntityManager,
    orderid: string,
    to: OrderStatus,
    patch: OrderPatch = {},
    fence?: DeliveryFence,
  ): Promise<OrderRow> {
    const moved = await this.orders.move(manager, orderid, sourcesOf(to), to, patch, fence);
    if (moved) {
      if (to === 'Failed' || to === 'Refunded') {
        const held = await this.orders.releaseCoupon(manager, orderid);
        if (held) await this.coupons.giveBack(manager, held.couponId, held.userId);
      }
      return moved;
    }
    if (!(await this.orders.get(orderid, manager))) throw AppError.notFound(Messages.notFound);
    throw commerceError(
      CommerceErrorCode.IllegalTransition,
      Messages.illegalTransition,
      HttpStatus.CONFLICT,
    );
  }

  private async failUnpaid(manager: EntityManager, orderid: string, reason: string, now: Date) {
    try {
      return await this.transition(manager, orderid, 'Failed', {
        reason,
        lateCheckUntil: new Date(now.getTime() + LATE_CHECK_MS),
      });
    } catch (error) {
      if (error instanceof AppError && error.status === HttpStatus.CONFLICT) return undefined;
      throw error;
    }
  }

  async orderStatus(auth: AuthUser, dto: OrderStatusRequestDto) {
    let order = await this.orders.get(dto.client_txn_id);
    if (!order) throw AppError.notFound(Messages.notFound);
    requireReadAccess(auth, Number(order.userid));
    if (order.paymentmode === 'upi' && order.status === 'Created') {
      await this.verifyPayment(order.orderid).catch((error: Error) =>
        this.logger.warn(`order ${order!.orderid}: ${error.message}`),
      );
      order = (await this.orders.get(dto.client_txn_id))!;
    }
    const gateway = order.gateway_data as { status?: string; upi_txn_id?: string } | null;
    return {
      order: mapOrder(order),
      data: gateway
        ? { status: String(gateway.status ?? ''), upi_txn_id: gateway.upi_txn_id || null }
        : null,
    };
  }

  async list(auth: AuthUser, userid: number, page = 1, limit = MAX_PAGE) {
    requireReadAccess(auth, userid);
    const size = Math.min(MAX_PAGE, Math.max(1, limit));
    return (await this.orders.listForUser(userid, size, (Math.max(1, page) - 1) * size)).map(
      mapOrder,
    );
  }

  /**
   * Confirms a UPI payment with the gateway (never the browser). Idempotent: the guarded move
   * lets one caller mark the order paid; a success seen after the order failed credits the
   * wallet once (unique late-payment row and ledger key) and flags the order.
   */
  async verifyPayment(orderid: string): Promise<'pending' | 'settled'> {
    this.logContext.bind({ orderid });
    const order = await this.orders.get(orderid);
    if (!order || order.paymentmode !== 'upi') return 'settled';
    const now = this.clock.now();
    const lateWindow =
      order.status === 'Failed' && order.late_check_until && new Date(order.late_check_until) > now;
    if (order.status !== 'Created' && !lateWindow) return 'settled';
    const data = await this.upi.checkStatus(order.orderid, order.txn_date);
    if (data && order.status === 'Created') await this.orders.saveGatewayData(order.orderid, data);

    if (data?.status === 'success') {
      if (toPaise(data.amount) !== Number(order.value) || data.client_txn_id !== order.orderid) {
        await this.orders.flag(order.orderid, Messages.paymentMismatch);
        this.logger.warn(`order flagged: ${Messages.paymentMismatch}`);
        return 'settled';
      }
      const paid = await this.db.transaction(async (manager) => {
        const moved = await this.orders.move(manager, order.orderid, ['Created'], 'Processing', {
          transactionid: data.upi_txn_id || null,
          paidAt: now,
          gatewayData: data,
          fulfilmentStatus: 'pending',
        });
        return moved;
      });
      if (paid) {
        this.logger.log('order paid by UPI');
        await this.afterPaid(paid);
      } else await this.creditLatePayment(order.orderid, data.upi_txn_id || null);
      return 'settled';
    }
    if (order.status !== 'Created') return 'settled';
    if (data?.status === 'failure') {
      await this.db.transaction((manager) =>
        this.failUnpaid(manager, order.orderid, Messages.paymentFailed, now),
      );
      this.logger.log('order failed: the payment failed');
      return 'settled';
    }
    if (order.expires_at && now > new Date(order.expires_at)) {
      await this.db.transaction((manager) =>
        this.failUnpaid(manager, order.orderid, Messages.paymentExpired, now),
      );
      this.logger.log('order failed: the payment expired');
      return 'settled';
    }
    return 'pending';
  }

  private async creditLatePayment(orderid: string, upiTxnId: string | null) {
    await this.db.transaction(async (manager) => {
      const order = await this.orders.get(orderid, manager);
      if (!order || order.status !== 'Failed' || Number(order.value) <= 0) return;
      const row = await this.wallet.record(
        manager,
        {
          txnid: newBusinessId('ZT'),
          userId: order.user_id,
          userid: Number(order.userid),
          useremail: order.useremail,
          type: 'Credit',
          status: 'Success',
          purpose: 'late_payment',
          amount: Number(order.value),
          orderid,
          txnDate: istDate(this.clock.now()),
          attention: Messages.latePaymentCredited,
        },
        true,
      );
      if (!row) return;
      await this.ledger.post(manager, {
        key: `late-${orderid}`,
        kind: 'late_payment',
        reference: orderid,
        legs: [
          { account: SystemAccount.Upi, currency: 'ZCOIN', amount: -Number(order.value) },
          {
            account: walletAccount(Number(order.userid)),
            currency: 'ZCOIN',
            amount: Number(order.value),
          },
        ],
      });
      await manager.query(
        `UPDATE orders SET attention = $2, reason = $2, transactionid = coalesce($3, transactionid), updated_at = now()
         WHERE orderid = $1`,
        [orderid, Messages.latePaymentCredited, upiTxnId],
      );
    });
  }

  /**
   * The hook after an order enters `Processing` (after commit): an API-backed item goes to the
   * delivery worker (`OrderFulfil`, DESIGN section 5); the sweep catches a lost enqueue.
   */
  private async afterPaid(order: Pick<OrderRow, 'orderid' | 'is_api' | 'fulfil_generation'>) {
    if (!order.is_api || !this.config.fulfilment.enabled) return;
    await this.jobs.queueSoon(
      JobName.OrderFulfil,
      { orderid: order.orderid, generation: order.fulfil_generation },
      fulfilJobId(order.orderid, order.fulfil_generation),
    );
  }

  @OnJob({ name: JobName.OrderVerifyPayment, queue: QueueName.Payments })
  async handleVerifyPayment({ orderid }: JobOf<JobName.OrderVerifyPayment>): Promise<JobStatus> {
    return (await this.verifyPayment(orderid)) === 'pending'
      ? JobStatus.Waiting
      : JobStatus.Success;
  }

  /** For the payments sweep: settles expired orders now and re-enqueues any whose job is gone. */
  async sweepPayments() {
    const now = this.clock.now();
    for (const open of await this.orders.awaitingPayment(now)) {
      if (open.status === 'Created' && open.expires_at && now > new Date(open.expires_at)) {
        await this.verifyPayment(open.orderid).catch((error: Error) =>
          this.logger.warn(`order ${open.orderid}: ${error.message}`),
        );
        continue;
      }
      if (
        await this.jobs.isLive(
          QueueName.Payments,
          paymentJobId(open.orderid, open.verify_generation),
        )
      ) {
        continue;
      }
      const generation = await this.orders.bumpVerifyGeneration(
        open.orderid,
        open.verify_generation,
      );
      if (generation !== undefined) {
        await this.jobs.queueSoon(
          JobName.OrderVerifyPayment,
          { orderid: open.orderid },
          paymentJobId(open.orderid, generation),
        );
      }
    }
  }

  /**
   * Refunds a `Processing` order to the user's Z-Coins wallet: the move, the `Refunded` wallet
   * row, the ledger credit and the coupon given back, in one transaction; a second call gets 409.
   * With `actorId` (an admin's action) the move is audited in the same transaction.
   */
  async refundToWallet(
    orderid: string,
    reason?: string,
    fence?: DeliveryFence,
    actorId?: string,
    customerWhy: string | undefined = actorId ? reason : undefined,
  ) {
    const order = await this.db.transaction(async (manager) => {
      const moved = await this.transition(
        manager,
        orderid,
        'Refunded',
        { fulfilmentStatus: 'refunded', ...(reason ? { reason } : {}) },
        fence,
      );
      const row = { ...moved, customer_reason: refundWords(customerWhy, Number(moved.value)) };
      await this.orders.setCustomerReason(manager, orderid, row.customer_reason);
      const amount = Number(row.value);
      if (amount > 0) {
        await this.wallet.record(
          manager,
          {
            txnid: newBusinessId('ZT'),
            userId: row.user_id,
            userid: Number(row.userid),
            useremail: row.useremail,
            type: 'Refunded',
            status: 'Success',
            purpose: 'refund',
            amount,
            orderid,
            txnDate: istDate(this.clock.now()),
          },
          true,
        );
        await this.ledger.post(manager, {
          key: `refund-${orderid}`,
          kind: 'refund',
          reference: orderid,
          legs: [
            {
              account: row.paymentmode === 'wallet' ? SystemAccount.Sales : SystemAccount.Upi,
              currency: 'ZCOIN',
              amount: -amount,
            },
            { account: walletAccount(Number(row.userid)), currency: 'ZCOIN', amount },
          ],
        });
      }
      await this.auditMove(manager, row, actorId);
      return row;
    });
    this.logContext.bind({ orderid });
    this.logger.log(
      actorId ? 'order refunded to the wallet by an admin' : 'order refunded to the wallet',
    );
    return mapOrder(order);
  }

  /**
   * Marks a `Processing` order delivered and credits its points once. With `actorId` (an admin's
   * action) the admin's `reason` is kept and the move is audited in the same transaction.
   */
  async complete(orderid: string, fence?: DeliveryFence, reason?: string, actorId?: string) {
    const order = await this.db.transaction(async (manager) => {
      const row = await this.transition(
        manager,
        orderid,
        'Completed',
        { fulfilmentStatus: 'delivered', ...(reason ? { reason } : {}) },
        fence,
      );
      await this.points.creditForOrder(manager, {
        orderid,
        userid: Number(row.userid),
        value: Number(row.value),
      });
      await this.auditMove(manager, row, actorId);
      return row;
    });
    if (order.paid_at) {
      const waited = this.clock.now().getTime() - new Date(order.paid_at).getTime();
      this.metrics.paymentToCompletion.observe(Math.max(0, waited) / 1000);
    }
    this.logContext.bind({ orderid });
    this.logger.log(actorId ? 'order completed by an admin' : 'order completed');
    return mapOrder(order);
  }

  /**
   * Closes a `Processing` order without delivery or credit; the reason is shown to the customer.
   * With `actorId` the move is audited in the same transaction.
   */
  async cancel(orderid: string, reason?: string, fence?: DeliveryFence, actorId?: string) {
    const order = await this.db.transaction(async (manager) => {
      const row = await this.transition(
        manager,
        orderid,
        'Cancelled',
        reason ? { reason } : {},
        fence,
      );
      await this.auditMove(manager, row, actorId);
      return row;
    });
    this.logContext.bind({ orderid });
    this.logger.log(actorId ? 'order cancelled by an admin' : 'order cancelled');
    return mapOrder(order);
  }

  /** Audits an admin's move; called only after the guarded move succeeded. */
  private async auditMove(manager: EntityManager, row: OrderRow, actorId: string | undefined) {
    if (!actorId) return;
    await this.audit.record(
      {
        actorId,
        action: `order.${row.status.toLowerCase()}`,
        entity: 'order',
        entityId: row.orderid,
        before: { status: 'Processing' },
        after: { status: row.status, reason: row.reason, value: toRupees(row.value) },
      },
      manager,
    );
  }
}
