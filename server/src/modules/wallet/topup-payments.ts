import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import { JobName } from '../../jobs/job.enum.js';
import type {
  UpiCreatedOrder,
  UpiStatusData,
} from '../../providers/upigateway/upigateway.adapter.js';
import { paymentLinks, type PaymentLinksDto } from '../payments/payment-links.js';
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
import { answerOnCommit } from '../../common/idempotency/idempotency-claim.js';
import { WalletMovements } from './wallet-movements.service.js';
import { WalletRepository } from './wallet.repository.js';

/** The answer to a top-up: where and how to pay. */
export const topupAnswer = (txnid: string, links: PaymentLinksDto) => ({
  status: true,
  data: { ...links, txnid },
});

export const topupJobId = (txnid: string, generation: number) => `topup-${txnid}-${generation}`;
/** How long the sweep still asks the gateway about a failed top-up (a payment arriving late). */
const LATE_TOPUP_MS = 24 * 3600_000;

/**
 * A Z-Coins top-up in the payment lifecycle: paid credits the wallet (the guarded status change
 * and the ledger key `topup-<txnid>` each let exactly one caller credit it), a success after it
 * failed is credited the same way and flagged.
 */
@Injectable()
export class TopupPayments implements PaymentPort, OnModuleInit {
  readonly purpose = 'topup';
  readonly returnPath = '/walletconfirmation';
  readonly checkJob = JobName.WalletTopupVerify;
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

  checkJobPayload(txnid: string) {
    return { txnid };
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

  async load(txnid: string): Promise<Payable | undefined> {
    const txn = await this.wallet.get(txnid);
    if (!txn || txn.purpose !== 'topup') return undefined;
    return {
      id: txn.txnid,
      amount: txn.amount,
      txnDate: txn.txnDate,
      open: txn.status === 'Created' || txn.status === 'Pending',
      failed: txn.status === 'Failed',
      expiresAt: txn.expiresAt,
    };
  }

  /** Keeps the gateway's order; its transaction carries the keyed request's answer. */
  saveGatewayOrder(txn: StartedPayable, created: UpiCreatedOrder) {
    return this.txHost.withTransaction(async () => {
      answerOnCommit(topupAnswer(txn.id, paymentLinks(txn, created)));
      await this.wallet.setGateway(txn.id, created);
    });
  }

  async onUnavailable(txnid: string) {
    await this.wallet.move(txnid, ['Created'], 'Failed');
  }

  async onMismatch(txn: Payable, data: UpiStatusData) {
    await this.wallet.saveGatewayData(txn.id, data);
    await this.wallet.flag(txn.id, Messages.paymentMismatch);
  }

  async onSuccess(txn: Payable, data: UpiStatusData) {
    const moved = await this.txHost.withTransaction(() =>
      this.movements.creditTopup(txn.id, ['Created', 'Pending'], data, null),
    );
    return moved !== undefined;
  }

  async onLateSuccess(txn: Payable, data: UpiStatusData) {
    await this.txHost.withTransaction(() =>
      this.movements.creditTopup(txn.id, ['Failed'], data, Messages.latePaymentCredited),
    );
  }

  async onFailure(txn: Payable, _reason: string, data: UpiStatusData | undefined) {
    await this.wallet.move(txn.id, ['Created', 'Pending'], 'Failed', {
      gatewayData: data ?? null,
    });
  }

  async onWaiting(txn: Payable, data: UpiStatusData | undefined) {
    if (data?.status === 'scanning') {
      await this.wallet.move(txn.id, ['Created'], 'Pending', {
        gatewayData: data,
      });
    }
  }

  async awaiting(): Promise<AwaitedPayment[]> {
    return (await this.wallet.openTopups()).map((open) => ({
      id: open.txnid,
      verifyGeneration: open.verifyGeneration,
      expiresAt: open.expiresAt,
    }));
  }

  bumpGeneration(txnid: string, generation: number) {
    return this.wallet.bumpGeneration(txnid, generation);
  }

  async lateChecksDue(now: Date, limit: number): Promise<LateCheck[]> {
    return (await this.wallet.lateChecksDue(now, limit)).map((due) => ({
      id: due.txnid,
      verifyGeneration: due.verifyGeneration,
    }));
  }

  takeLateCheck(txnid: string, generation: number, now: Date) {
    return this.wallet.takeLateCheck(txnid, generation, now, {
      ...LATE_CHECK_BACKOFF,
      windowMs: LATE_TOPUP_MS,
    });
  }
}
