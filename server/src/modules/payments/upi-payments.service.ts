import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DatabaseClock } from '../../common/database-clock.js';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import {
  UpiGatewayAdapter,
  type UpiCreatedOrder,
  type UpiCreateOrder,
} from '../../providers/upigateway/upigateway.adapter.js';
import { commerceError, CommerceErrorCode } from '../../common/errors/commerce-errors.js';
import { toPaise } from '../../common/money.js';
import type { PaymentPort, StartedPayable } from './payment-port.js';

/**
 * Who asks for a gateway check: the status routes (`request`), the gateway's webhook, the
 * payment job (also the sweep's late checks), or the sweep settling an expired payable.
 */
export type CheckOrigin = 'request' | 'webhook' | 'job' | 'sweep';

/** The store-wide budget of gateway checks of failed payables (`RATE_LIMIT_PAYMENT_POLLS`). */
const LATE_CHECKS_KEY = 'upi-late-checks';
/** Due late checks one sweep reads; the budget usually stops it sooner. */
const LATE_CHECK_BATCH = 200;

export type PaymentRequest = Pick<
  UpiCreateOrder,
  'pInfo' | 'customerName' | 'customerEmail' | 'customerMobile'
>;

/**
 * The UPI payment lifecycle, once for every kind of payable (`PaymentPort`): create at the
 * gateway, check with `check_order_status` (never the browser) from the return page, the
 * webhook and the payment job with backoff, expiry, late success, and the sweep.
 */
@Injectable()
export class UpiPaymentsService {
  private readonly logger = new Logger('Payments');
  private readonly ports: PaymentPort[] = [];

  constructor(
    private readonly upi: UpiGatewayAdapter,
    private readonly jobs: JobQueueService,
    private readonly limits: RateLimitService,
    private readonly clock: DatabaseClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Called by each port as its module starts. */
  register(port: PaymentPort) {
    if (!this.ports.includes(port)) this.ports.push(port);
  }

  /**
   * Creates the payment at the gateway and queues its first check; answers the gateway's order
   * (payment page and app links). When the gateway is unavailable the payable fails at once and
   * the caller gets 503.
   */
  async start(
    port: PaymentPort,
    payable: StartedPayable,
    request: PaymentRequest,
  ): Promise<UpiCreatedOrder> {
    let created: UpiCreatedOrder;
    try {
      created = await this.upi.createOrder({
        clientTxnId: payable.id,
        amount: payable.amount,
        ...request,
        redirectUrl: `${this.config.publicUrl}${port.returnPath}`,
        udf1: port.purpose,
      });
      await port.saveGatewayOrder(payable, created);
    } catch (error) {
      this.logger.warn(`${port.purpose} ${payable.id}: ${(error as Error).message}`);
      await port.onUnavailable(payable.id);
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
   * Asks the gateway about a payable and settles it. Idempotent: the port's guarded moves let
   * one caller mark it paid; a success seen after it failed is credited once as a late payment,
   * however late. At most one gateway check per payable per `RATE_LIMIT_PAYMENT_CHECK` window,
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
    const payable = await port.load(id);
    if (!payable || (!payable.open && !payable.failed)) return 'settled';
    // A customer asking about a failed payment also spends the store's budget for late checks.
    if (!payable.open && origin === 'request' && !(await this.takeLateCheckBudget())) {
      return 'settled';
    }
    const data = await this.upi.checkStatus(payable.id, payable.txnDate);
    // Deadlines are set by the database's clock and judged by it, never by this process's.
    const now = await this.clock.now();
    if (data) await port.onAnswer?.(payable, data);

    if (data?.status === 'success') {
      if (toPaise(data.amount) !== payable.amount || data.client_txn_id !== payable.id) {
        await port.onMismatch(payable, data);
        return 'settled';
      }
      const paid = payable.open && (await port.onSuccess(payable, data, now));
      if (!paid) await port.onLateSuccess(payable, data, now);
      return 'settled';
    }
    if (!payable.open) return 'settled';
    if (data?.status === 'failure') {
      await port.onFailure(payable, Messages.paymentFailed, data, now);
      return 'settled';
    }
    if (payable.expiresAt && now > payable.expiresAt) {
      await port.onFailure(payable, Messages.paymentExpired, data, now);
      return 'settled';
    }
    await port.onWaiting?.(payable, data);
    return 'pending';
  }

  /**
   * The payable's gateway check for this window, shared by every process through Redis. The
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

  /** The gateway's webhook: only a trigger, so the payable it names is checked like any other. */
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
   * For the payments sweep: settles expired payables now and re-enqueues any whose job is gone
   * (every port's open payables first, so late checks never delay a fresh payment), then queues
   * the late-payment checks that are due, as many as the store's budget allows.
   */
  async sweep() {
    for (const port of this.ports) await this.sweepOpen(port);
    for (const port of this.ports) await this.sweepLate(port);
  }

  private async sweepOpen(port: PaymentPort) {
    const now = await this.clock.now();
    for (const open of await port.awaiting(now)) {
      if (open.expiresAt && now > open.expiresAt) {
        await this.verify(port, open.id, 'sweep').catch((error: Error) =>
          this.logger.warn(`${port.purpose} ${open.id}: ${error.message}`),
        );
        continue;
      }
      if (
        await this.jobs.isLive(QueueName.Payments, port.checkJobId(open.id, open.verifyGeneration))
      ) {
        continue;
      }
      const generation = await port.bumpGeneration(open.id, open.verifyGeneration);
      if (generation !== undefined) await this.queueCheck(port, open.id, generation);
    }
  }

  private async sweepLate(port: PaymentPort) {
    const now = await this.clock.now();
    for (const due of await port.lateChecksDue(now, LATE_CHECK_BATCH)) {
      // One payment job per payable: its own last one is still asking.
      const current = port.checkJobId(due.id, due.verifyGeneration);
      if (await this.jobs.isLive(QueueName.Payments, current)) continue;
      // Spent: the rest stay due, and the longest due go first next time.
      if (!(await this.takeLateCheckBudget())) return;
      const generation = await port.takeLateCheck(due.id, due.verifyGeneration, now);
      if (generation !== undefined) await this.queueCheck(port, due.id, generation);
    }
  }

  private queueCheck(port: PaymentPort, id: string, generation: number) {
    return this.jobs.queueSoon(
      port.checkJob,
      port.checkJobPayload(id),
      port.checkJobId(id, generation),
    );
  }
}
