import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { LogContext } from '../../common/logging/log-context.js';
import { AuditService } from '../audit/audit.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { toRupees } from '../../common/money.js';
import { StoreMetrics } from '../../common/metrics/store-metrics.js';
import { ReferralsService } from '../referrals/referrals.service.js';
import { WalletMovements } from '../wallet/wallet-movements.service.js';
import { refundWords } from './customer-reasons.js';
import { mapOrder } from './dto/order.dto.js';
import { OrderGuarantee } from './order-guarantee.service.js';
import { OrderReceipts } from './order-receipts.service.js';
import { OrderTransitions } from './order-transitions.service.js';
import { OrdersRepository, type DeliveryFence, type Order } from './orders.repository.js';

/** Who settles an order: the store itself (delivery, sweeps) or an admin, who is audited. */
export type SettlementActor = { kind: 'store' } | { kind: 'admin'; id: string };
export const STORE_ACTOR: SettlementActor = { kind: 'store' };
export const adminActor = (id: string): SettlementActor => ({ kind: 'admin', id });

export interface SettlementOptions {
  /** Kept on the order (the admin's reason, the supplier's refusal). */
  reason?: string;
  /** The delivery run or admin fence the move must still hold. */
  fence?: DeliveryFence;
  /** For a refund: the cause the customer reads (an admin's reason by default). */
  customerWhy?: string;
}

const actorIdOf = (actor: SettlementActor) => (actor.kind === 'admin' ? actor.id : undefined);

/**
 * The end of a paid order: delivered (points earned), refunded to the wallet, or cancelled.
 * Each is one transaction with its money movement and, for a delivery or a refund, the
 * customer's e-mail (sent after commit); an admin's move is audited in the same transaction.
 * An order that ends after its delivery promise
 * without its compensation yet gets it in the same transaction (a refund before the promise pays
 * none). Every caller names itself first: `(actor, orderid, { reason, fence, customerWhy })`.
 *
 * Eleven dependencies: three carry the request (the transaction, the clock, the log context);
 * the other eight are what one settlement writes, counts or sends.
 */
@Injectable()
export class OrderSettlementService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly orders: OrdersRepository,
    private readonly transitions: OrderTransitions,
    private readonly movements: WalletMovements,
    private readonly referrals: ReferralsService,
    private readonly audit: AuditService,
    private readonly receipts: OrderReceipts,
    private readonly guarantee: OrderGuarantee,
    private readonly invoices: InvoicesService,
    private readonly metrics: StoreMetrics,
    private readonly logContext: LogContext,
    private readonly clock: Clock,
  ) {}

  /**
   * Refunds a `Processing` order to the user's Z-Coins wallet: the move, the `Refunded` wallet
   * row, the ledger credit, the coupon given back and the credit note against the tax invoice, in
   * one transaction; a second call gets 409. `customerWhy` is followed by where the money went.
   */
  async refundToWallet(actor: SettlementActor, orderid: string, options: SettlementOptions = {}) {
    const { reason, fence } = options;
    const actorId = actorIdOf(actor);
    const customerWhy = options.customerWhy ?? (actorId ? reason : undefined);
    const { order, notices, missed } = await this.txHost.withTransaction(async () => {
      const moved = await this.transitions.transition(
        orderid,
        'Refunded',
        { deliveryStatus: 'refunded', ...(reason ? { reason } : {}) },
        fence,
      );
      const row = { ...moved, customerReason: refundWords(customerWhy, moved.value) };
      await this.orders.setCustomerReason(orderid, row.customerReason);
      if (row.value > 0) {
        await this.movements.refundOrder({
          orderid,
          holder: { id: row.userId, userid: row.userid, email: row.userEmail },
          amount: row.value,
          paidBy: row.paymentMode === 'wallet' ? 'wallet' : 'upi',
        });
      }
      await this.invoices.issueCreditNote(orderid, this.clock.now());
      await this.auditMove(row, actorId);
      const missed = await this.guarantee.compensateEnded(orderid);
      return { order: row, notices: await this.receipts.record(row), missed };
    });
    this.invoices.numberSoon();
    await this.receipts.dispatch(notices);
    await this.receipts.dispatch(missed);
    this.logContext.bind({ orderid });
    this.logger.log(
      actorId ? 'order refunded to the wallet by an admin' : 'order refunded to the wallet',
    );
    return mapOrder(order);
  }

  /**
   * Marks a `Processing` order delivered and credits its points once; an admin's `reason` is
   * kept.
   */
  async complete(actor: SettlementActor, orderid: string, options: SettlementOptions = {}) {
    const { reason, fence } = options;
    const actorId = actorIdOf(actor);
    const { order, notices, missed } = await this.txHost.withTransaction(async () => {
      const row = await this.transitions.transition(
        orderid,
        'Completed',
        { deliveryStatus: 'delivered', ...(reason ? { reason } : {}) },
        fence,
      );
      await this.movements.earnPoints({ orderid, userid: row.userid, value: row.value });
      await this.referrals.orderCompleted({ orderid, userId: row.userId, value: row.value });
      await this.auditMove(row, actorId);
      const missed = await this.guarantee.compensateEnded(orderid);
      return { order: row, notices: await this.receipts.record(row), missed };
    });
    await this.receipts.dispatch(notices);
    await this.receipts.dispatch(missed);
    if (order.paidAt) {
      const waited = this.clock.now().getTime() - order.paidAt.getTime();
      this.metrics.paymentToCompletion.observe(Math.max(0, waited) / 1000);
    }
    this.logContext.bind({ orderid });
    this.logger.log(actorId ? 'order completed by an admin' : 'order completed');
    return mapOrder(order);
  }

  /**
   * Closes a `Processing` order without delivery or credit; the reason is shown to the customer.
   */
  async cancel(actor: SettlementActor, orderid: string, options: SettlementOptions = {}) {
    const { reason, fence } = options;
    const actorId = actorIdOf(actor);
    const { order, notices, missed } = await this.txHost.withTransaction(async () => {
      const row = await this.transitions.transition(
        orderid,
        'Cancelled',
        reason ? { reason } : {},
        fence,
      );
      await this.auditMove(row, actorId);
      const missed = await this.guarantee.compensateEnded(orderid);
      return { order: row, notices: await this.receipts.record(row), missed };
    });
    await this.receipts.dispatch(notices);
    await this.receipts.dispatch(missed);
    this.logContext.bind({ orderid });
    this.logger.log(actorId ? 'order cancelled by an admin' : 'order cancelled');
    return mapOrder(order);
  }

  /** Audits an admin's move; called only after the guarded move succeeded. */
  private async auditMove(row: Order, actorId: string | undefined) {
    if (!actorId) return;
    await this.audit.record({
      actorId,
      action: `order.${row.status.toLowerCase()}`,
      entity: 'order',
      entityId: row.orderid,
      before: { status: 'Processing' },
      after: { status: row.status, reason: row.reason, value: toRupees(row.value) },
    });
  }
}
