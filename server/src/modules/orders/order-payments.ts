import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { LogContext } from '../../common/logging/log-context.js';
import { Messages } from '@zstore/contract/messages';
import { JobName } from '../../jobs/job.enum.js';
import type {
  UpiCreatedOrder,
  UpiStatusData,
} from '../../providers/upigateway/upigateway.adapter.js';
import { paymentLinks } from '../payments/payment-links.js';
import {
  LATE_CHECK_BACKOFF,
  type AwaitedPayment,
  type LateCheck,
  type Payable,
  type PaymentPort,
  type StartedPayable,
} from '../payments/payment-port.js';
import {
  UpiPaymentsService,
  type CheckOrigin,
  type PaymentRequest,
} from '../payments/upi-payments.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { WalletMovements } from '../wallet/wallet-movements.service.js';
import { answerOnCommit } from '../../common/idempotency/idempotency-claim.js';
import { upiOrderAnswer } from './order-answers.js';
import { OrderTransitions } from './order-transitions.service.js';
import { OrdersRepository } from './orders.repository.js';

export const paymentJobId = (orderid: string, generation: number) => `pay-${orderid}-${generation}`;

/**
 * A UPI order in the payment lifecycle: paid moves it `Created -> Processing` with its tax
 * invoice and hands it to delivery; failed or expired fails it (coupon given back); a success after it failed credits
 * the wallet once (unique late-payment row and ledger key) and flags the order.
 */
@Injectable()
export class OrderPayments implements PaymentPort, OnModuleInit {
  readonly purpose = 'order';
  readonly returnPath = '/confirmation';
  readonly checkJob = JobName.OrderVerifyPayment;
  readonly idPattern = /^ZS[0-9A-Z]{14}$/;
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly orders: OrdersRepository,
    private readonly transitions: OrderTransitions,
    private readonly movements: WalletMovements,
    private readonly payments: UpiPaymentsService,
    private readonly invoices: InvoicesService,
    private readonly logContext: LogContext,
    private readonly clock: Clock,
  ) {}

  onModuleInit() {
    this.payments.register(this);
  }

  checkJobPayload(orderid: string) {
    return { orderid };
  }

  checkJobId(orderid: string, generation: number) {
    return paymentJobId(orderid, generation);
  }

  /** Creates the order's payment at the gateway; answers where to pay (503 when it is down). */
  async start(order: StartedPayable, request: PaymentRequest) {
    return paymentLinks(order, await this.payments.start(this, order, request));
  }

  /** Confirms a UPI order's payment with the gateway (never the browser). */
  verify(orderid: string, origin?: CheckOrigin) {
    return this.payments.verify(this, orderid, origin);
  }

  verifyAsJob(orderid: string) {
    return this.payments.verifyAsJob(this, orderid);
  }

  /** Every check starts here, so the lines it writes carry the order id. */
  async load(orderid: string): Promise<Payable | undefined> {
    this.logContext.bind({ orderid });
    const order = await this.orders.get(orderid);
    if (!order || order.paymentMode !== 'upi') return undefined;
    return {
      id: order.orderid,
      amount: order.value,
      txnDate: order.txnDate,
      open: order.status === 'Created',
      failed: order.status === 'Failed' && order.attention !== Messages.latePaymentCredited,
      expiresAt: order.expiresAt,
    };
  }

  /** Keeps the gateway's order; its transaction carries the keyed request's answer. */
  saveGatewayOrder(order: StartedPayable, created: UpiCreatedOrder) {
    return this.txHost.withTransaction(async () => {
      answerOnCommit(upiOrderAnswer(order.id, paymentLinks(order, created)));
      await this.orders.setGateway(order.id, created);
    });
  }

  async onUnavailable(orderid: string) {
    await this.txHost.withTransaction(() =>
      this.transitions.failUnpaid(orderid, Messages.paymentUnavailable, this.clock.now()),
    );
  }

  /** A stale answer is kept only while the order is unpaid (the UPDATE is guarded too). */
  async onAnswer(order: Payable, data: UpiStatusData) {
    if (order.open) await this.orders.saveGatewayData(order.id, data);
  }

  async onMismatch(order: Payable) {
    await this.orders.flag(order.id, Messages.paymentMismatch);
    this.logger.warn(`order flagged: ${Messages.paymentMismatch}`);
  }

  async onSuccess(order: Payable, data: UpiStatusData, now: Date) {
    const paid = await this.txHost.withTransaction(async () => {
      const moved = await this.transitions.tryTransition(order.id, 'Processing', {
        transactionid: data.upi_txn_id || null,
        paidAt: now,
        gatewayData: data,
        fulfilmentStatus: 'pending',
      });
      if (moved) await this.invoices.issueInvoice(moved.orderid, now);
      return moved;
    });
    if (paid) {
      this.logger.log('order paid by UPI');
      await this.transitions.afterPaid(paid);
    }
    return paid !== undefined;
  }

  async onLateSuccess(order: Payable, data: UpiStatusData) {
    await this.creditLatePayment(order.id, data);
  }

  async onFailure(order: Payable, reason: string, _data: UpiStatusData | undefined, now: Date) {
    await this.txHost.withTransaction(() => this.transitions.failUnpaid(order.id, reason, now));
    const cause = reason === Messages.paymentExpired ? 'expired' : 'failed';
    this.logger.log(`order failed: the payment ${cause}`);
  }

  private async creditLatePayment(orderid: string, data: UpiStatusData) {
    await this.txHost.withTransaction(async () => {
      const order = await this.orders.get(orderid);
      if (!order || order.status !== 'Failed' || order.value <= 0) return;
      const credited = await this.movements.creditLatePayment({
        orderid,
        holder: { id: order.userId, userid: order.userid, email: order.userEmail },
        amount: order.value,
      });
      if (!credited) return;
      await this.orders.markLatePayment(orderid, data.upi_txn_id || null, data);
    });
  }

  async awaiting(now: Date): Promise<AwaitedPayment[]> {
    return (await this.orders.awaitingPayment(now)).map((open) => ({
      id: open.orderid,
      verifyGeneration: open.verifyGeneration,
      expiresAt: open.expiresAt,
    }));
  }

  bumpGeneration(orderid: string, generation: number) {
    return this.orders.bumpVerifyGeneration(orderid, generation);
  }

  async lateChecksDue(now: Date, limit: number): Promise<LateCheck[]> {
    return (await this.orders.lateChecksDue(now, limit)).map((due) => ({
      id: due.orderid,
      verifyGeneration: due.verifyGeneration,
    }));
  }

  takeLateCheck(orderid: string, generation: number, now: Date) {
    return this.orders.takeLateCheck(orderid, generation, now, LATE_CHECK_BACKOFF);
  }
}
