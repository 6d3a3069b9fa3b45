import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, OnModuleInit } from '@nestjs/common';
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
import { WalletMovements } from './wallet-movements.service.js';
import { WalletRepository } from './wallet.repository.js';

/** The answer to a top-up: where and how to pay. */
export const topupAnswer = (txnid: string, links: PaymentLinksDto) => ({
  status: true,
  data: { ...links, txnid },
});

export const topupJobId = (txnid: string, generation: number) => `topup-${txnid}-${generation}`;

/**
 * A Z-Coins top-up as a payable: paid credits the wallet (the guarded status change and the
 * ledger key `topup-<txnid>` each let exactly one caller credit it), a success after it failed
 * is credited the same way and flagged.
 */
@Injectable()
export class TopupPayments implements PaymentPort, OnModuleInit {
  readonly purpose = 'topup';
  readonly returnPath = '/walletconfirmation';
  readonly checkJob = JobName.WalletTopupVerify;
  readonly idKey = 'txnid';
  readonly idPattern = /^ZT[0-9A-Z]{14}$/;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly wallet: WalletRepository,
    private readonly movements: WalletMovements,
    private readonly payments: UpiPaymentsService,
  ) {}

  onModuleInit() {
    this.payments.register(this);
  }

  checkJobId(txnid: string, generation: number) {
    return topupJobId(txnid, generation);
  }

  /** Creates the top-up's payment at the gateway; answers where to pay (503 when it is down). */
  async start(txn: StartedPayable, request: PaymentRequest) {
    return paymentLinks(txn, await this.payments.start(this, txn, request));
  }

  /** Asks the gateway about a top-up and settles it; answers whether it is still waiting. */
  verify(txnid: string, origin?: CheckOrigin) {
    return this.payments.verify(this, txnid, origin);
  }

  verifyAsJob(txnid: string) {
    return this.payments.verifyAsJob(this, txnid);
  }

  /** The top-up's payment page, app links and expiry while it can still be paid. */
  async liveLinks(paymentId: string | null) {
    return paymentId ? (await this.payments.liveLinks([paymentId])).get(paymentId) : undefined;
  }

  attach(txnid: string, paymentId: string) {
    return this.wallet.attachPayment(txnid, paymentId);
  }

  startAnswer(txn: StartedPayable, links: PaymentLinksDto) {
    return topupAnswer(txn.id, links);
  }

  async onMismatch(txn: Payable) {
    await this.wallet.flag(txn.id, Messages.paymentMismatch);
  }

  async onSucceeded(txn: Payable, data: UpiStatusData) {
    const moved = await this.movements.creditTopup(txn.id, ['Created', 'Pending'], data, null);
    return moved ? {} : undefined;
  }

  async onLateSuccess(txn: Payable, data: UpiStatusData) {
    await this.txHost.withTransaction(() =>
      this.movements.creditTopup(txn.id, ['Failed'], data, Messages.latePaymentCredited),
    );
  }

  async onFailed(txn: Payable) {
    await this.wallet.move(txn.id, ['Created', 'Pending'], 'Failed');
  }

  async onWaiting(txn: Payable, data: UpiStatusData) {
    if (data.status === 'scanning') await this.wallet.move(txn.id, ['Created'], 'Pending');
  }
}
