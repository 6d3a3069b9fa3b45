import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { createRedis } from '../redis/redis.module.js';
import { JobName, QueueName } from './job.enum.js';
import { jobDefinitions, type JobOf } from './job.types.js';

const QUEUE_ANSWER_MS = 2_000;

/**
 * BullMQ waits for its connection to be ready before it sends anything, so with Redis gone a
 * call would hang; it fails instead, as a command of our own Redis client would.
 */
export function untilRedisAnswers<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('Command timed out: the job queue')),
      QUEUE_ANSWER_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * BullMQ takes a queue's jobs without a priority before any job with one, so work queued in the
 * background (the rows of a reseller's bulk order) waits behind every other customer's.
 */
export const BACKGROUND_PRIORITY = 10;

export interface QueueOptions {
  /** Behind every job queued without it (BACKGROUND_PRIORITY). */
  background?: boolean;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
}

/** Produces jobs. Job ids are deterministic, so the same work enqueued twice is one job. */
@Injectable()
export class JobQueueService implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly connection;
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.connection = createRedis(config, 'queue');
  }

  getQueue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.config.redisPrefix });
      queue.on('error', (error) => this.logger.warn(`queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * Adds a job under `jobId` (no `:`, not a bare number). BullMQ ignores an add for an id it
   * still holds, which is what makes duplicate triggers harmless.
   */
  async queue<T extends JobName>(
    name: T,
    payload: JobOf<T>,
    jobId: string,
    options: QueueOptions = {},
  ) {
    const definition = jobDefinitions[name];
    const queue = this.getQueue(definition.queue);
    await untilRedisAnswers(
      queue.add(name, payload, {
        jobId,
        ...(options.background ? { priority: BACKGROUND_PRIORITY } : {}),
        delay: options.delayMs && options.delayMs > 0 ? options.delayMs : undefined,
        attempts: definition.attempts,
        backoff: definition.backoffMs
          ? { type: 'exponential', delay: definition.backoffMs }
          : undefined,
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { count: 5000 },
      }),
    );
  }

  /**
   * For enqueues after a commit: the database already says the work is pending, so a failure
   * here (Redis down) only delays it until the next sweep.
   */
  async queueSoon<T extends JobName>(
    name: T,
    payload: JobOf<T>,
    jobId: string,
    options: QueueOptions = {},
  ) {
    try {
      await this.queue(name, payload, jobId, options);
    } catch (error) {
      this.logger.warn(
        `could not enqueue ${jobId} now, the sweep will: ${(error as Error).message}`,
      );
    }
  }

  /** Whether a job with this id is still waiting, delayed or running (not finished or failed). */
  async isLive(queue: QueueName, jobId: string) {
    const job = await untilRedisAnswers(this.getQueue(queue).getJob(jobId));
    if (!job) return false;
    const state = await untilRedisAnswers(job.getState());
    return state !== 'completed' && state !== 'failed' && state !== 'unknown';
  }

  async onApplicationShutdown() {
    // Workers close first (JobWorkerService), queues last, so follow-up enqueues still work.
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
