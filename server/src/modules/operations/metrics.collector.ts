import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import { StoreMetrics } from '../../common/metrics/store-metrics.js';
import { OrdersAdminService } from '../orders/orders-admin.service.js';
import { SupplierBalancesService } from './supplier-balances.service.js';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/**
 * Reads the states the metrics page shows (orders, packs, queues, cached supplier balances,
 * the database pool) at scrape time. Each part that fails is reported by
 * `zstore_metrics_collector_up` instead of failing the whole page.
 */
@Injectable()
export class MetricsCollector {
  constructor(
    private readonly metrics: StoreMetrics,
    private readonly db: DataSource,
    private readonly jobs: JobQueueService,
    private readonly balances: SupplierBalancesService,
    private readonly clock: Clock,
    private readonly orderCounts: OrdersAdminService,
  ) {}

  private rendering?: Promise<string>;

  /**
   * The page, read and drawn once for all the scrapes that ask at the same time: drawing every
   * request timer's series is the costly part, and it does not change between them.
   */
  page(): Promise<string> {
    this.rendering ??= this.render().finally(() => (this.rendering = undefined));
    return this.rendering;
  }

  private async render() {
    await this.read();
    return this.metrics.registry.metrics();
  }

  private async read() {
    await Promise.all([
      this.part('orders', () => this.orders()),
      this.part('packs', () => this.packs()),
      this.part('queues', () => this.queues()),
      this.part('supplier_balances', () => this.supplierBalances()),
      this.part('db_pool', () => this.pool()),
    ]);
  }

  private async part(name: string, read: () => Promise<void> | void) {
    try {
      await read();
      this.metrics.collectorUp.set({ collector: name }, 1);
    } catch {
      this.metrics.collectorUp.set({ collector: name }, 0);
    }
  }

  /** From the orders' running tallies: a scrape never counts the orders table. */
  private async orders() {
    const { byStatus, processing } = await this.orderCounts.statusCounts();
    this.metrics.orders.reset();
    this.metrics.processing.reset();
    for (const row of byStatus) this.metrics.orders.set({ status: row.status }, row.orders);
    for (const row of processing) {
      this.metrics.processing.set({ delivery_status: row.deliveryStatus }, row.orders);
    }
  }

  /**
   * From the packs' running tally and its changes not yet folded (delivery's sweep folds them):
   * a scrape never counts the purchases table. The tables are named here rather than through
   * `tallyRows(PACK_TALLY)` so the table-ownership check sees this read of delivery's tables.
   */
  private async packs() {
    const rows: Array<{ supplier: string; status: string; failure: string; packs: number }> =
      await this.db.query(
        `SELECT supplier, status, failure, sum(packs)::float8 AS packs
         FROM (SELECT supplier, status, failure, packs FROM pack_tallies
               UNION ALL SELECT supplier, status, failure, packs FROM pack_tally_changes) tally
         GROUP BY 1, 2, 3 HAVING sum(packs) > 0`,
      );
    this.metrics.packs.reset();
    for (const { supplier, status, failure, packs } of rows) {
      this.metrics.packs.set({ supplier, status, failure }, packs);
    }
  }

  private async queues() {
    for (const queue of Object.values(QueueName)) {
      const counts = await this.jobs.getQueue(queue).getJobCounts(...QUEUE_STATES);
      for (const state of QUEUE_STATES) {
        this.metrics.queueJobs.set({ queue, state }, counts[state] ?? 0);
      }
    }
  }

  private async supplierBalances() {
    const now = this.clock.now().getTime();
    for (const entry of await this.balances.cached()) {
      const labels = { supplier: entry.supplier, region: entry.region };
      this.metrics.supplierBalance.set(labels, entry.balance);
      this.metrics.supplierBalanceAge.set(labels, Math.max(0, (now - entry.at) / 1000));
    }
  }

  private pool() {
    const pool = (this.db.driver as unknown as { master?: Pool }).master;
    if (!pool) throw new Error('no pool');
    this.metrics.dbPool.set({ state: 'total' }, pool.totalCount);
    this.metrics.dbPool.set({ state: 'idle' }, pool.idleCount);
    this.metrics.dbPool.set({ state: 'waiting' }, pool.waitingCount);
  }
}
