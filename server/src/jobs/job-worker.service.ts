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
import { withAdvisoryLock } from '../database/advisory-lock.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { StoreMetrics } from '../modules/operations/store-metrics.js';
import { createRedis } from '../redis/redis.module.js';
import { JobName, JobStatus, QueueName } from './job.enum.js';
import { jobDefinitions } from './job.types.js';
import { JobQueueService, untilRedisAnswers } from './job-queue.service.js';
import { JobRegistry } from './job-registry.service.js';

const MAX_WAIT_MS = 60_000;

const instance = `${os.hostname()}-${process.pid}`;

/**
 * Runs the workers of every queue (APP_ROLE=worker or all) and keeps the schedulers of the
 * sweeps in place. A scheduled job runs under a PostgreSQL advisory lock, so one run of a
 * sweep at a time even if two workers take two ticks at once.
 */
@Injectable()
export class JobWorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private stopping?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: JobRegistry,
    private readonly queues: JobQueueService,
    private readonly dataSource: DataSource,
    private readonly metrics: StoreMetrics,
    private readonly logContext: LogContext,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.runsWorkers) return;
    for (const queue of Object.values(QueueName)) this.workers.push(this.startWorker(queue));
    await this.upsertSchedules();
  }

  private startWorker(queue: QueueName) {
    // A connection handed to BullMQ is shared: the worker does not close it, so we do.
    const connection = createRedis(this.config, `worker-${queue}`, { forWorker: true });
    this.connections.push(connection);
    const worker = new Worker(
      queue,
      (job, token) =>
        // Each job in its own CLS context (its log fields, the transactions its services open).
        this.logContext.run(jobBindings(job.name, job.id, job.data), async () => {
          const name = job.name as JobName;
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
        concurrency: this.config.jobs.concurrency,
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

  private async upsertSchedules() {
    for (const [name, definition] of Object.entries(jobDefinitions)) {
      if (!definition.every) continue;
      await this.queues.getQueue(definition.queue).upsertJobScheduler(
        `schedule-${name}`,
        { every: this.config.sweepIntervalMs },
        {
          name,
          data: {},
          opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
        },
      );
    }
  }

  private async runExclusive(name: JobName, run: () => Promise<JobStatus>) {
    const status = await withAdvisoryLock(
      this.dataSource,
      `schedule:${name}`,
      async () => {
        const [{ id }] = await this.dataSource.query<Array<{ id: string }>>(
          'INSERT INTO scheduled_runs (job_name, instance, started_at) VALUES ($1, $2, clock_timestamp()) RETURNING id',
          [name, instance],
        );
        const result = await run();
        await this.dataSource.query(
          'UPDATE scheduled_runs SET finished_at = clock_timestamp(), status = $2 WHERE id = $1',
          [id, result],
        );
        return result;
      },
      { wait: false },
    );
    return status ?? JobStatus.Skipped;
  }

  /** Deletes the records of scheduled runs started more than `days` ago by the database's clock. */
  async purgeRunRecords(days: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      'DELETE FROM scheduled_runs WHERE started_at < now() - make_interval(days => $1)',
      [days],
    );
    return count;
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
      await Promise.all(this.workers.map((worker) => worker.close()));
      await Promise.all(
        this.connections.map((connection) =>
          connection.quit().catch(() => connection.disconnect()),
        ),
      );
    })();
    return this.stopping;
  }
}
