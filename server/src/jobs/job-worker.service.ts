import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import os from 'node:os';
import { DataSource } from 'typeorm';
import { jobBindings, LogContext } from '../common/logging/log-context.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { withLease } from '../database/lease.js';
import { StoreMetrics } from '../common/metrics/store-metrics.js';
import { createRedis, REDIS } from '../redis/redis.module.js';
import { JobName, JobStatus, QueueName } from './job.enum.js';
import { jobDefinitions } from './job.types.js';
import { JobQueueService, untilRedisAnswers } from './job-queue.service.js';
import { JobRegistry } from './job-registry.service.js';
import { scheduledJobs, SweepScheduleKeeper, type ClockVerdict } from './sweep-schedules.js';
import { ScheduledRunEntity } from './scheduled-run.entity.js';

const MAX_WAIT_MS = 60_000;

const instance = `${os.hostname()}-${process.pid}`;

/** A sweep whose last run started this many intervals ago is reported stale by health. */
export const STALE_AFTER_INTERVALS = 5;

/**
 * Runs the workers of every queue (APP_ROLE=worker or all) and keeps the schedulers of the
 * sweeps in place (SweepScheduleKeeper). A scheduled job runs under a lease (a lock row with a
 * deadline), so one run of a sweep at a time even if two workers take two ticks at once, and a
 * frozen worker's run does not hold the sweep for longer than the lease.
 */
@Injectable()
export class JobWorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly workers = new Map<QueueName, Worker>();
  private readonly connections: Redis[] = [];
  private keeper?: SweepScheduleKeeper;
  private stopping?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: JobRegistry,
    private readonly queues: JobQueueService,
    private readonly dataSource: DataSource,
    private readonly metrics: StoreMetrics,
    private readonly logContext: LogContext,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * A worker-only process takes jobs once it has booted. One that serves HTTP too takes them once
   * its port is open (`startStore` calls `start`): a job may call the sandbox it serves.
   */
  async onApplicationBootstrap() {
    if (!this.config.runsHttp) await this.start();
  }

  async start() {
    if (!this.config.runsWorkers || this.keeper) return;
    for (const queue of Object.values(QueueName)) this.workers.set(queue, this.startWorker(queue));
    this.keeper = new SweepScheduleKeeper(
      this.queues.getQueue(QueueName.Maintenance),
      this.redis,
      this.config.sweepIntervalMs,
      (verdict) => this.followClock(verdict),
    );
    await this.keeper.check({ refresh: true });
    this.keeper.start();
  }

  /** Scheduled runs only on a worker whose clock agrees with Redis's (SweepScheduleKeeper). */
  private async followClock({ agrees }: ClockVerdict) {
    const maintenance = this.workers.get(QueueName.Maintenance);
    if (!maintenance || this.stopping) return;
    if (!agrees && !maintenance.isPaused()) await maintenance.pause(true);
    if (agrees && maintenance.isPaused()) await maintenance.resume();
  }

  private startWorker(queue: QueueName) {
    // A connection handed to BullMQ is shared: the worker does not close it, so we do.
    const connection = createRedis(this.config, `worker-${queue}`, { forWorker: true });
    this.connections.push(connection);
    if (queue === QueueName.Maintenance) {
      // Redis back after an outage may have come back empty, without the schedulers.
      let connectedBefore = false;
      connection.on('ready', () => {
        if (connectedBefore) void this.keeper?.check();
        connectedBefore = true;
      });
    }
    const worker = new Worker(
      queue,
      (job, token) =>
        // Each job in its own CLS context (its log fields, the transactions its services open).
        this.logContext.run(jobBindings(job.name, job.id, job.data), async () => {
          const name = job.name as JobName;
          if (!Object.hasOwn(jobDefinitions, name)) {
            // Queued by a release that named it otherwise; its sweep re-queues the work.
            this.logger.warn(`job ${name} is not one this release runs: dropped`);
            return JobStatus.Skipped;
          }
          const scheduled = Boolean(jobDefinitions[name].every);
          const status = scheduled
            ? await this.runExclusive(name, () => this.registry.get(name)(job.data))
            : await this.registry.get(name)(job.data);
          if (status === JobStatus.Failed) throw new Error(`${name} failed`);
          if (status === JobStatus.Waiting) await this.askAgainLater(job, token);
          // Sweeps run every few seconds: their lines are only wanted when debugging.
          const line = `job ${name} finished: ${status}`;
          if (scheduled) this.logger.debug(line);
          else this.logger.log(line);
          return status;
        }),
      {
        connection,
        prefix: this.config.redisPrefix,
        concurrency: this.config.jobs.concurrency[queue],
        lockDuration: this.config.jobs.lockDurationMs,
        stalledInterval: this.config.jobs.stalledIntervalMs,
        maxStalledCount: 2,
      },
    );
    worker.on('error', (error) => this.logger.warn(`worker ${queue}: ${error.message}`));
    worker.on('stalled', (jobId) => {
      this.metrics.jobsStalled.inc({ queue });
      this.logger.warn(`job ${jobId} stalled and will run again`);
    });
    worker.on('failed', (job, error) => {
      this.metrics.jobsFailed.inc({ queue });
      const line = `job ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`;
      if (!job) return this.logger.warn(line);
      this.logContext.run(jobBindings(job.name, job.id, job.data), () => this.logger.warn(line));
    });
    return worker;
  }

  /**
   * BullMQ's delayed-job pattern: the same job waits (backing off, at most a minute) and runs
   * again, without counting a failed attempt, so a failure in the log means one.
   */
  private async askAgainLater(job: Job, token: string | undefined) {
    const polls = Number((job.data as { polls?: number }).polls ?? 0) + 1;
    const base = jobDefinitions[job.name as JobName].backoffMs ?? 1_000;
    const delay = Math.min(MAX_WAIT_MS, base * 2 ** (polls - 1));
    await job.updateData({ ...job.data, polls });
    await job.moveToDelayed(Date.now() + delay, token);
    throw new DelayedError();
  }

  private async runExclusive(name: JobName, run: () => Promise<JobStatus>) {
    const status = await withLease(
      this.dataSource,
      `schedule:${name}`,
      async () => {
        const runs = this.dataSource.getRepository(ScheduledRunEntity);
        // The database's clock, as health compares with it.
        const { identifiers } = await runs
          .createQueryBuilder()
          .insert()
          .values({ jobName: name, instance, startedAt: () => 'clock_timestamp()' })
          .execute();
        const result = await run();
        await runs.update(identifiers[0], {
          finishedAt: () => 'clock_timestamp()',
          status: result,
        });
        return result;
      },
      { wait: false, leaseMs: this.config.jobs.sweepLeaseMs },
    );
    return status ?? JobStatus.Skipped;
  }

  /**
   * The sweeps whose last run started more than STALE_AFTER_INTERVALS intervals ago by the
   * database's clock (health). A sweep that never ran counts once the oldest recorded run of
   * any sweep is that old, so a store that just started is not reported.
   */
  async staleSweeps(): Promise<string[]> {
    // SQL: a report over every scheduled name at once (unnest, LATERAL newest run per name).
    // The oldest run is read only for a sweep that never ran (an InitPlan runs on first use).
    const rows = await this.dataSource.query<Array<{ job_name: string }>>(
      `SELECT e.job_name FROM unnest($1::text[]) AS e (job_name)
       LEFT JOIN LATERAL (
         SELECT started_at FROM scheduled_runs r
         WHERE r.job_name = e.job_name ORDER BY started_at DESC LIMIT 1
       ) last ON true
       WHERE coalesce(last.started_at, (SELECT min(started_at) FROM scheduled_runs))
             < now() - make_interval(secs => $2 / 1000.0)
       ORDER BY e.job_name`,
      [scheduledJobs, this.config.sweepIntervalMs * STALE_AFTER_INTERVALS],
    );
    return rows.map((row) => row.job_name);
  }

  /** Deletes the records of scheduled runs started more than `days` ago by the database's clock. */
  async purgeRunRecords(days: number): Promise<number> {
    const { affected } = await this.dataSource
      .getRepository(ScheduledRunEntity)
      .createQueryBuilder()
      .delete()
      .where('started_at < now() - make_interval(days => :days)', { days })
      .execute();
    return affected ?? 0;
  }

  /** Whether every queue has a live worker somewhere (health check, RELIABILITY J11). */
  async queuesWithoutWorkers(): Promise<QueueName[]> {
    const missing: QueueName[] = [];
    for (const name of Object.values(QueueName)) {
      const workers = await untilRedisAnswers(this.queues.getQueue(name).getWorkers());
      if (workers.length === 0) missing.push(name);
    }
    return missing;
  }

  /** Runs before any provider shuts down, so queues and the database outlive the active jobs. */
  beforeApplicationShutdown() {
    return this.stop();
  }

  /** Stops taking jobs at once and waits for the active ones; safe to call more than once. */
  stop() {
    this.stopping ??= (async () => {
      await this.keeper?.stop();
      await Promise.all([...this.workers.values()].map((worker) => worker.close()));
      await Promise.all(
        this.connections.map((connection) =>
          connection.quit().catch(() => connection.disconnect()),
        ),
      );
    })();
    return this.stopping;
  }
}
