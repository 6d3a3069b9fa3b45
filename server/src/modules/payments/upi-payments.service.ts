import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import { Clock } from '../../common/clock.js';
import { DatabaseClock } from '../../common/database-clock.js';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { LogContext } from '../../common/logging/log-context.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import type { JobOf } from '../../jobs/job.types.js';
import {
  UpiGatewayAdapter,
  type UpiCreatedOrder,
  type UpiCreateOrder,
  type UpiStatusData,
} from '../../providers/upigateway/upigateway.adapter.js';
import { answerOnCommit } from '../../common/idempotency/idempotency-claim.js';
import { commerceError, CommerceErrorCode } from '../../common/errors/commerce-errors.js';
import { istDate } from '../../common/india-time.js';
import { toPaise } from '../../common/money.js';
import { paymentLinks } from './payment-links.js';
import type {
  Payable,
  PaymentCheckJob,
  PaymentPort,
  Settled,
  StartedPayable,
} from './payment-port.js';
import { OPEN_PAYMENT, UNPAID_PAYMENT, type CheckOrigin } from './payment-state.js';
import { PaymentsRepository, type Payment, type SweptPayment } from './payments.repository.js';

export type { CheckOrigin } from './payment-state.js';

/** The store-wide budget of gateway checks of failed payments (`RATE_LIMIT_PAYMENT_POLLS`). */
const LATE_CHECKS_KEY = 'upi-late-checks';
/** Due late checks one sweep reads; the budget usually stops it sooner. */
const LATE_CHECK_BATCH = 200;

export type PaymentRequest = Pick<
  UpiCreateOrder,
  'pInfo' | 'customerName' | 'customerEmail' | 'customerMobile'
>;

/** A payment's page and app links while it can still be paid. */
export interface LivePaymentLinks {
  paymentUrl: string;
  upiIntent: Record<string, string>;
  expiresAt: Date;
}

/** Rolls back a payment's success when its payable had closed on its own. */
class PayableClosed extends Error {}

const payableOf = (payment: Payment): Payable => ({
  id: payment.clientTxnId,
  paymentId: payment.id,
  amount: payment.amount,
});

/**
 * The UPI payment lifecycle, once for every purpose (`PaymentPort`), on the `payments` record:
 * create at the gateway, check with `check_order_status` (never the browser) from the return
 * page, the webhook and the payment job with backoff, expiry, one late-payment rule
 * (`LATE_CHECKS`), the audit of every check (`payment_checks`), and the sweep.
 */
@Injectable()
export class UpiPaymentsService {
  private readonly logger = new Logger('Payments');
  private readonly ports: PaymentPort[] = [];

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly payments: PaymentsRepository,
    private readonly upi: UpiGatewayAdapter,
    private readonly jobs: JobQueueService,
    private readonly limits: RateLimitService,
    private readonly clock: DatabaseClock,
    private readonly processClock: Clock,
    private readonly logContext: LogContext,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Called by each port as its module starts. */
  register(port: PaymentPort) {
    if (!this.ports.includes(port)) this.ports.push(port);
  }

  /**
   * Records the payment (the payable keeps its id), creates it at the gateway and queues its
   * first check; answers the gateway's order (payment page and app links). When the gateway is
   * unavailable the payment and its payable fail at once and the caller gets 503.
   */
  async start(
    port: PaymentPort,
    payable: StartedPayable,
    request: PaymentRequest,
  ): Promise<UpiCreatedOrder> {
    const payment = await this.txHost.withTransaction(async () => {
      const row = await this.payments.insert({
        clientTxnId: payable.id,
        purpose: port.purpose,
        amount: payable.amount,
        txnDate: istDate(this.processClock.now()),
        expiresAt: payable.expiresAt,
      });
      await port.attach(payable.id, row.id);
      return row;
    });
    let created: UpiCreatedOrder;
    try {
      created = await this.upi.createOrder({
        clientTxnId: payable.id,
        amount: payable.amount,
        ...request,
        redirectUrl: `${this.config.publicUrl}${port.returnPath}`,
        udf1: port.purpose,
      });
      await this.txHost.withTransaction(async () => {
        answerOnCommit(port.startAnswer(payable, paymentLinks(payable, created)));
        await this.payments.setGateway(payable.id, created);
      });
    } catch (error) {
      this.logger.warn(`${port.purpose} ${payable.id}: ${(error as Error).message}`);
      await this.settleFailure(
        port,
        payment,
        'failed',
        Messages.paymentUnavailable,
        undefined,
        await this.clock.now(),
      );
      throw commerceError(
        CommerceErrorCode.PaymentUnavailable,
        Messages.paymentUnavailable,
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    await this.queueCheck(port, payable.id, 0);
    return created;
  }

  /**
   * Asks the gateway about a payment and settles it. Idempotent: the payment's guarded moves let
   * one caller settle it; a success seen after it failed is credited once as a late payment,
   * however late. At most one gateway check per payment per `RATE_LIMIT_PAYMENT_CHECK` window,
   * whoever asks; the others read the stored state. Answers whether the payment is still waiting
   * (or was asked about moments ago: a payment job then asks again when the window has passed).
   */
  async verify(
    port: PaymentPort,
    id: string,
    origin: CheckOrigin = 'request',
  ): Promise<'pending' | 'settled'> {
    // The window is taken before the row is read, so a flood of calls about one payment costs
    // Redis only.
    if (!(await this.takeCheckWindow(id, origin))) return 'pending';
    // Every line this check writes carries the payable's id.
    this.logContext.bind({ [port.idKey]: id });
    const payment = await this.payments.get(id);
    if (!payment || payment.purpose !== port.purpose) return 'settled';
    const open = OPEN_PAYMENT.includes(payment.status);
    if (!open && !UNPAID_PAYMENT.includes(payment.status)) return 'settled';
    // A customer asking about a failed payment also spends the store's budget for late checks.
    if (!open && origin === 'request' && !(await this.takeLateCheckBudget())) return 'settled';
    const data = await this.upi.checkStatus(id, payment.txnDate);
    // Deadlines are set by the database's clock and judged by it, never by this process's.
    const now = await this.clock.now();
    await this.payments.recordCheck(payment.id, origin, data);
    if (data && open) await this.payments.saveGatewayData(id, data);

    if (data?.status === 'success') {
      if (toPaise(data.amount) !== payment.amount || data.client_txn_id !== payment.clientTxnId) {
        await port.onMismatch(payableOf(payment));
        this.logger.warn(`${port.purpose} flagged: ${Messages.paymentMismatch}`);
        return 'settled';
      }
      if (!open || !(await this.settleSuccess(port, payment, data, now))) {
        await this.settleLate(port, payment, data, now);
      }
      return 'settled';
    }
    if (!open) return 'settled';
    if (data?.status === 'failure') {
      await this.settleFailure(port, payment, 'failed', Messages.paymentFailed, data, now);
      return 'settled';
    }
    if (payment.expiresAt && now > payment.expiresAt) {
      await this.settleFailure(port, payment, 'expired', Messages.paymentExpired, data, now);
      return 'settled';
    }
    if (data) await port.onWaiting?.(payableOf(payment), data);
    return 'pending';
  }

  /**
   * Paid: the payment's move and the payable's hook in one transaction. False when another
   * caller moved the payment first, or the payable had closed (then nothing of it is kept and
   * the money is a late payment).
   */
  private async settleSuccess(port: PaymentPort, payment: Payment, data: UpiStatusData, now: Date) {
    let settled: Settled;
    try {
      settled = await this.txHost.withTransaction(async () => {
        if (
          !(await this.payments.move(payment.clientTxnId, OPEN_PAYMENT, 'succeeded', now, data))
        ) {
          return undefined;
        }
        const taken = await port.onSucceeded(payableOf(payment), data, now);
        if (!taken) throw new PayableClosed();
        return taken;
      });
    } catch (error) {
      if (error instanceof PayableClosed) return false;
      throw error;
    }
    if (!settled) return false;
    this.logger.log(`${port.purpose} paid by UPI`);
    await settled.afterCommit?.();
    return true;
  }

  private async settleLate(port: PaymentPort, payment: Payment, data: UpiStatusData, now: Date) {
    await this.txHost.withTransaction(async () => {
      const from = ['pending', 'failed', 'expired'] as const;
      const moved = await this.payments.move(
        payment.clientTxnId,
        [...from],
        'late_succeeded',
        now,
        data,
      );
      if (moved) await port.onLateSuccess(payableOf(payment), data, now);
    });
  }

  private async settleFailure(
    port: PaymentPort,
    payment: Payment,
    to: 'failed' | 'expired',
    reason: string,
    data: UpiStatusData | undefined,
    now: Date,
  ) {
    const moved = await this.txHost.withTransaction(async () => {
      const row = await this.payments.move(payment.clientTxnId, OPEN_PAYMENT, to, now, data);
      if (row) await port.onFailed(payableOf(payment), reason, now);
      return row;
    });
    if (moved) this.logger.log(`${port.purpose} failed: the payment ${to}`);
  }

  /**
   * The payment's gateway check for this window, shared by every process through Redis. The
   * first customer or webhook to ask inside a spent window waits for its end and asks then, so a
   * payment made meanwhile shows within the window; anyone else reads the stored state.
   */
  private async takeCheckWindow(id: string, origin: CheckOrigin) {
    const key = `upi-check:${id}`;
    const rule = this.config.rateLimits.paymentCheck;
    const { allowed, windowEndsInMs } = await this.limits.take(key, rule);
    if (allowed) return true;
    if (origin !== 'request' && origin !== 'webhook') return false;
    const wait = Math.min(windowEndsInMs, rule.windowMs);
    if (!(await this.limits.once(`upi-check-next:${id}`, wait))) return false;
    await new Promise((resolve) => setTimeout(resolve, wait + 10));
    return (await this.limits.take(key, rule)).allowed;
  }

  private takeLateCheckBudget() {
    return this.limits.allow(LATE_CHECKS_KEY, this.config.rateLimits.paymentPolls);
  }

  /** The payment job's answer: a payment still pending waits (the worker delays the job). */
  async verifyAsJob(port: PaymentPort, id: string): Promise<JobStatus> {
    return (await this.verify(port, id, 'job')) === 'pending'
      ? JobStatus.Waiting
      : JobStatus.Success;
  }

  /** The gateway's webhook: only a trigger, so the payment it names is checked like any other. */
  async trigger(id: string) {
    const port = this.ports.find((candidate) => candidate.idPattern.test(id));
    if (!port) return;
    try {
      await this.verify(port, id, 'webhook');
    } catch (error) {
      // The payment job and the sweep still check it; the gateway need not retry.
      this.logger.warn(`webhook for ${id}: ${(error as Error).message}`);
    }
  }

  /**
   * For the payments sweep: settles expired payments now and re-enqueues any whose job is gone
   * (every open payment first, so late checks never delay a fresh one), then queues the
   * late-payment checks that are due, as many as the store's budget allows.
   */
  async sweep() {
    let now = await this.clock.now();
    for (const open of await this.payments.awaiting(now)) {
      const port = this.portOf(open);
      if (!port) continue;
      if (open.expiresAt && now > open.expiresAt) {
        await this.verify(port, open.clientTxnId, 'sweep').catch((error: Error) =>
          this.logger.warn(`${port.purpose} ${open.clientTxnId}: ${error.message}`),
        );
        continue;
      }
      if (
        await this.jobs.isLive(
          QueueName.Payments,
          port.checkJobId(open.clientTxnId, open.verifyGeneration),
        )
      ) {
        continue;
      }
      const generation = await this.payments.bumpGeneration(
        open.clientTxnId,
        open.verifyGeneration,
      );
      if (generation !== undefined) await this.queueCheck(port, open.clientTxnId, generation);
    }
    now = await this.clock.now();
    for (const due of await this.payments.lateChecksDue(now, LATE_CHECK_BATCH)) {
      const port = this.portOf(due);
      if (!port) continue;
      // One payment job per payment: its own last one is still asking.
      if (
        await this.jobs.isLive(
          QueueName.Payments,
          port.checkJobId(due.clientTxnId, due.verifyGeneration),
        )
      ) {
        continue;
      }
      // Spent: the rest stay due, and the longest due go first next time.
      if (!(await this.takeLateCheckBudget())) return;
      const generation = await this.payments.takeLateCheck(
        due.clientTxnId,
        due.verifyGeneration,
        now,
      );
      if (generation !== undefined) await this.queueCheck(port, due.clientTxnId, generation);
    }
  }

  private portOf(payment: SweptPayment) {
    return this.ports.find((port) => port.purpose === payment.purpose);
  }

  private queueCheck(port: PaymentPort, id: string, generation: number) {
    // The port's job takes the payable's id under the port's key (`JobOf<checkJob>`).
    const payload = { [port.idKey]: id } as JobOf<PaymentCheckJob>;
    return this.jobs.queueSoon(port.checkJob, payload, port.checkJobId(id, generation));
  }

  /** The page, app links and expiry of each payment still payable, by payment id. */
  async liveLinks(paymentIds: Array<string | null>): Promise<Map<string, LivePaymentLinks>> {
    const ids = paymentIds.filter((id): id is string => id !== null);
    const live = new Map<string, LivePaymentLinks>();
    for (const payment of await this.payments.getMany(ids)) {
      if (!OPEN_PAYMENT.includes(payment.status) || !payment.paymentUrl || !payment.expiresAt) {
        continue;
      }
      if (payment.expiresAt.getTime() <= Date.now()) continue;
      live.set(payment.id, {
        paymentUrl: payment.paymentUrl,
        upiIntent: payment.upiIntent ?? {},
        expiresAt: payment.expiresAt,
      });
    }
    return live;
  }

  /** The gateway's last answer about a payable's payment (the one that settled it, once settled). */
  async lastAnswer(clientTxnId: string): Promise<Record<string, unknown> | null> {
    return (await this.payments.get(clientTxnId))?.gatewayData ?? null;
  }

  /** The audit of a payable's status checks, oldest first. */
  async checksOf(clientTxnId: string) {
    const payment = await this.payments.get(clientTxnId);
    return payment ? this.payments.checksOf(payment.id) : [];
  }

  /** Retention: status checks older than `before`, at most `limit` per call. */
  purgeChecks(before: Date, limit: number) {
    return this.payments.purgeChecks(before, limit);
  }
}
