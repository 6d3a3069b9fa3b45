import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The store's Prometheus metrics, one registry per application (tests run several stores in
 * one process). Events are counted where they happen; states are read at scrape time by the
 * MetricsCollector.
 */
@Injectable()
export class StoreMetrics implements OnModuleDestroy {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'zstore_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, of the requests answered (below 400) or failed (5xx)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /**
   * Refused requests (4xx) are counted, not timed: an attack can refuse each route in a dozen
   * ways, and a histogram's series for each would make the page megabytes long.
   */
  readonly httpRefusals = new Counter({
    name: 'zstore_http_refusals_total',
    help: 'HTTP requests refused with a 4xx, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly paymentToCompletion = new Histogram({
    name: 'zstore_order_payment_to_completion_seconds',
    help: 'Time from an order being paid to it being completed',
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 4 * 3600, 24 * 3600],
    registers: [this.registry],
  });

  readonly jobsFailed = new Counter({
    name: 'zstore_jobs_failed_total',
    help: 'Job attempts that failed, by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly jobsStalled = new Counter({
    name: 'zstore_jobs_stalled_total',
    help: 'Jobs whose worker stopped renewing the lock, by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly orders = this.gauge('zstore_orders', 'Orders by status', ['status']);
  readonly processing = this.gauge(
    'zstore_orders_processing',
    'Paid orders not yet closed, by delivery status',
    ['delivery_status'],
  );
  readonly packs = this.gauge(
    'zstore_supplier_packs',
    'Supplier purchases (packs) by supplier, status and fault',
    ['supplier', 'status', 'failure'],
  );
  readonly queueJobs = this.gauge('zstore_queue_jobs', 'Jobs in each queue by state', [
    'queue',
    'state',
  ]);
  readonly supplierBalance = this.gauge(
    'zstore_supplier_balance',
    'Supplier balance last read by the worker (supplier units: Smile points, USD)',
    ['supplier', 'region'],
  );
  readonly supplierBalanceAge = this.gauge(
    'zstore_supplier_balance_age_seconds',
    'Age of the cached supplier balance',
    ['supplier', 'region'],
  );
  readonly dbPool = this.gauge('zstore_db_pool_connections', 'Database pool connections', [
    'state',
  ]);
  readonly collectorUp = this.gauge(
    'zstore_metrics_collector_up',
    'Whether a scrape-time collector answered (1) or failed (0)',
    ['collector'],
  );

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'zstore_' });
  }

  private gauge<L extends string>(name: string, help: string, labelNames: L[]) {
    return new Gauge<L>({ name, help, labelNames, registers: [this.registry] });
  }

  onModuleDestroy() {
    this.registry.clear();
  }
}
