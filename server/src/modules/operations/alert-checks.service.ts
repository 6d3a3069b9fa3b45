import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { AdminAlertsService } from './admin-alerts.service.js';
import { RedisMemoryAlarm } from './redis-memory-alarm.service.js';
import { SupplierBalancesService } from './supplier-balances.service.js';

/** The one alert of a supplier balance, low or short of paying for orders. */
export const supplierBalanceAlertKey = (supplier: string, region: string) =>
  `supplier-balance:${supplier}:${region}`;

/**
 * The conditions the admin is told about, checked on every sweep: each opens its alert while
 * it holds and resolves it when it no longer does (AdminAlertsService makes that once per
 * episode).
 */
@Injectable()
export class AlertChecksService {
  constructor(
    private readonly db: DataSource,
    private readonly alerts: AdminAlertsService,
    private readonly balances: SupplierBalancesService,
    private readonly jobs: JobQueueService,
    private readonly redisMemory: RedisMemoryAlarm,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob({ name: JobName.AdminAlertsCheck, queue: QueueName.Maintenance })
  async handleCheck(): Promise<JobStatus> {
    await this.check();
    return JobStatus.Success;
  }

  async check() {
    await this.supplierBalances();
    await this.waitingForAdmin();
    await this.failures();
    await this.backlog();
    await this.redisMemory.check();
  }

  private async hold(key: string, kind: string, holds: boolean, message: () => string) {
    if (holds) await this.alerts.open(key, kind, message());
    else await this.alerts.resolve(key, kind);
  }

  private async supplierBalances() {
    const { smileonePointsBelow, moogoldUsdBelow } = this.config.alerts;
    for (const read of await this.balances.cached()) {
      const below = read.supplier === 'smileone' ? smileonePointsBelow : moogoldUsdBelow;
      const unit = read.supplier === 'smileone' ? 'points' : 'USD';
      const name = read.supplier === 'smileone' ? 'Smile.one' : 'MooGold';
      // One key per balance: a supplier refusing for it (SupplierBalanceGuard) turns this alert
      // into `supplier_balance_short`, which only the guard ends.
      await this.hold(
        supplierBalanceAlertKey(read.supplier, read.region),
        'supplier_balance_low',
        read.balance < below,
        () =>
          `The ${name} balance (${read.region}) is ${read.balance} ${unit}, below ${below}. Top it up before deliveries stop.`,
      );
    }
  }

  private async waitingForAdmin() {
    const minutes = this.config.alerts.attentionMinutes;
    const [{ count }] = await this.db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM orders
       WHERE status = 'Processing' AND (delivery_status = 'needs_attention' OR NOT is_api)
         AND updated_at < $1`,
      [new Date(this.clock.now().getTime() - minutes * 60_000)],
    );
    await this.hold(
      'orders-waiting-for-admin',
      'orders_waiting_for_admin',
      count > 0,
      () =>
        `${count} paid order(s) have waited for the admin for more than ${minutes} minutes. See the pending orders on the console.`,
    );
  }

  private async failures() {
    const { failures, failureWindowMinutes } = this.config.alerts;
    const since = new Date(this.clock.now().getTime() - failureWindowMinutes * 60_000);
    const [{ payments }] = await this.db.query<Array<{ payments: number }>>(
      `SELECT count(*)::int AS payments FROM orders
       WHERE status = 'Failed' AND reason = $2 AND updated_at >= $1`,
      [since, Messages.paymentFailed],
    );
    const [{ deliveries }] = await this.db.query<Array<{ deliveries: number }>>(
      `SELECT count(*)::int AS deliveries FROM supplier_purchases
       WHERE (status = 'unknown' OR (status = 'failed' AND failure = 'store')) AND updated_at >= $1`,
      [since],
    );
    const window = `in the last ${failureWindowMinutes} minutes`;
    await this.hold(
      'payment-failures',
      'payment_failures',
      payments >= failures,
      () =>
        `${payments} UPI payments failed ${window} (alert from ${failures}). Check the payment gateway.`,
    );
    await this.hold(
      'delivery-failures',
      'delivery_failures',
      deliveries >= failures,
      () =>
        `${deliveries} supplier purchases failed or were left unknown ${window} (alert from ${failures}). Check the suppliers and the flagged orders.`,
    );
  }

  private async backlog() {
    const limit = this.config.alerts.queueBacklog;
    for (const queue of Object.values(QueueName)) {
      const counts = await this.jobs.getQueue(queue).getJobCounts('waiting', 'prioritized');
      const waiting = (counts.waiting ?? 0) + (counts.prioritized ?? 0);
      await this.hold(
        `queue-backlog:${queue}`,
        'queue_backlog',
        waiting > limit,
        () =>
          `The ${queue} queue has ${waiting} jobs waiting (alert above ${limit}). Check that the workers run.`,
      );
    }
  }
}
