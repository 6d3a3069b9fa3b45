import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import { JobName } from '../../jobs/job.enum.js';
import type { UpiStatusData } from '../../providers/upigateway/upigateway.adapter.js';
import { paymentLinks, type PaymentLinksDto } from '../payments/payment-links.js';
import type { Payable, PaymentPort, StartedPayable } from '../payments/payment-port.js';
import {
  UpiPaymentsService,
  type CheckOrigin,
  type PaymentRequest,
} from '../payments/upi-payments.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { WalletMovements } from '../wallet/wallet-movements.service.js';
import { upiOrderAnswer } from './order-answers.js';
import { OrderTransitions } from './order-transitions.service.js';
import { OrdersRepository, type Order } from './orders.repository.js';

export const paymentJobId = (orderid: string, generation: number) => `pay-${orderid}-${generation}`;

/**
 * A UPI order as a payable: paid moves it `Created -> Processing` with its tax invoice and hands
 * it to delivery; failed or expired fails it (coupon given back); a success after it failed or
 * was replaced credits the wallet once (unique late-payment row and ledger key) and flags it.
 */
@Injectable()
export class OrderPayments implements PaymentPort, OnModuleInit {
  readonly purpose = 'order';
  readonly returnPath = '/confirmation';
  readonly checkJob = JobName.OrderVerifyPayment;
  readonly idKey = 'orderid';
  readonly idPattern = /^ZS[0-9A-Z]{14}$/;
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly orders: OrdersRepository,
    private readonly transitions: OrderTransitions,
    private readonly movements: WalletMovements,
    private readonly payments: UpiPaymentsService,
    private readonly invoices: InvoicesService,
  ) {}

  onModuleInit() {
    this.payments.register(this);
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

  /** The payment page, app links and expiry of each unpaid order still payable, by order id. */
  async liveLinks(orders: Order[]) {
    const unpaid = orders.filter((order) => order.status === 'Created' && order.paymentId);
    const live = await this.payments.liveLinks(unpaid.map((order) => order.paymentId));
    return new Map(
      unpaid.flatMap((order) => {
        const links = live.get(order.paymentId!);
        return links ? [[order.orderid, links] as const] : [];
      }),
    );
  }

  /** The gateway's last answer about the order's payment. */
  lastAnswer(orderid: string) {
    return this.payments.lastAnswer(orderid);
  }

  attach(orderid: string, paymentId: string) {
    return this.orders.attachPayment(orderid, paymentId);
  }

  startAnswer(order: StartedPayable, links: PaymentLinksDto) {
    return upiOrderAnswer(order.id, links);
  }

  async onMismatch(order: Payable) {
    await this.orders.flag(order.id, Messages.paymentMismatch);
  }

  async onSucceeded(order: Payable, data: UpiStatusData, now: Date) {
    const moved = await this.transitions.tryTransition(order.id, 'Processing', {
      transactionid: data.upi_txn_id || null,
      paidAt: now,
      deliveryStatus: 'pending',
    });
    if (!moved) return undefined;
    await this.invoices.issueInvoice(moved, now);
    return { afterCommit: () => this.transitions.afterPaid(moved) };
  }

  async onLateSuccess(order: Payable, data: UpiStatusData) {
    await this.txHost.withTransaction(async () => {
      const row = await this.orders.get(order.id);
      if (!row || row.status !== 'Failed' || row.value <= 0) return;
      const credited = await this.movements.creditLatePayment({
        orderid: row.orderid,
        holder: { id: row.userId, userid: row.userid, email: row.userEmail },
        amount: row.value,
      });
      if (credited) await this.orders.markLatePayment(row.orderid, data.upi_txn_id || null);
    });
  }

  async onFailed(order: Payable, reason: string) {
    await this.transitions.failUnpaid(order.id, reason);
  }
}
