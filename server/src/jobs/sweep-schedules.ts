import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobName } from './job.enum.js';
import { jobDefinitions } from './job.types.js';

/** How far a worker's clock may stray from Redis's before it stops advancing the schedules. */
export const CLOCK_TOLERANCE_MS = 5_000;
/** How often each worker checks the schedules, at most (more often with shorter intervals). */
const CHECK_EVERY_MS = 15_000;

const MISSING = 'is missing';

export const scheduledJobs = (Object.keys(jobDefinitions) as JobName[]).filter(
  (name) => jobDefinitions[name].every,
);

export const schedulerId = (name: JobName) => `schedule-${name}`;

export interface ClockVerdict {
  /** This worker's clock minus Redis's (`TIME`), in milliseconds. */
  skewMs: number;
  agrees: boolean;
}

/**
 * Keeps every sweep's BullMQ job scheduler in place, judged by one clock, Redis's `TIME`:
 * - a scheduler that is gone (Redis restarted empty, flushed, failed over to an empty replica)
 *   or lost its next job is created again;
 * - a scheduler whose next run is further ahead than one interval (BullMQ computes the next run
 *   from the clock of the worker that took the last one, so a worker with a fast clock pushes
 *   it into the future) is replaced by one that runs now;
 * - a worker whose own clock disagrees with Redis's stops taking scheduled runs (`onClock`) and
 *   repairs nothing, so it can neither push a schedule ahead nor "repair" one by a wrong clock.
 * Every worker runs a check on a timer and when its Redis connection comes back.
 */
export class SweepScheduleKeeper {
  private readonly logger = new Logger('Schedules');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private clockAgreed = true;
  private stopped = false;

  constructor(
    private readonly queue: Queue,
    private readonly redis: Redis,
    private readonly everyMs: number,
    private readonly onClock: (verdict: ClockVerdict) => Promise<void> | void,
  ) {}

  start() {
    this.timer = setInterval(() => void this.check(), Math.min(this.everyMs, CHECK_EVERY_MS));
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
    return this.running;
  }

  /**
   * One check at a time; a check asked for while one runs is that one. `refresh` also upserts
   * the schedulers that are fine (at boot, so a changed interval takes effect).
   */
  check({ refresh = false } = {}): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.checkOnce(refresh)
      .catch((error: Error) => this.logger.warn(`could not check the schedules: ${error.message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async checkOnce(refresh: boolean) {
    const redisNow = await this.redisTime();
    const verdict = { skewMs: redisNow.localMs - redisNow.ms, agrees: false };
    verdict.agrees = Math.abs(verdict.skewMs) <= CLOCK_TOLERANCE_MS;
    if (verdict.agrees !== this.clockAgreed) {
      this.clockAgreed = verdict.agrees;
      if (verdict.agrees) this.logger.log(`this worker's clock agrees with Redis's again`);
      else {
        this.logger.error(
          `this worker's clock is ${Math.round(verdict.skewMs / 1000)} s off Redis's: it takes no scheduled runs until it agrees`,
        );
      }
    }
    await this.onClock(verdict);
    if (!verdict.agrees) return;
    if (refresh) await this.removeFormerSchedules();
    for (const name of scheduledJobs) {
      const problem = await this.problemWith(name, redisNow.ms);
      if (!problem) {
        if (refresh) await this.upsert(name);
        continue;
      }
      // At boot a missing scheduler is the ordinary first start.
      if (!refresh || problem !== MISSING) {
        this.logger.warn(`the schedule of ${name} ${problem}: scheduling it again`);
      }
      await this.queue.removeJobScheduler(schedulerId(name));
      await this.upsert(name);
    }
  }

  /**
   * A sweep a release renamed or removed leaves its scheduler behind, which would queue a job no
   * worker knows every interval: at boot, every scheduler that is not a current sweep's goes.
   */
  private async removeFormerSchedules() {
    const current = new Set(scheduledJobs.map(schedulerId));
    for (const scheduler of await this.queue.getJobSchedulers()) {
      if (current.has(scheduler.key)) continue;
      this.logger.log(`the schedule of ${scheduler.name} is not a current sweep's: removing it`);
      await this.queue.removeJobScheduler(scheduler.key);
    }
  }

  private async problemWith(name: JobName, redisNowMs: number) {
    const scheduler = await this.queue.getJobScheduler(schedulerId(name));
    if (!scheduler?.next) return MISSING;
    if (scheduler.next > redisNowMs + (scheduler.every ?? this.everyMs) + CLOCK_TOLERANCE_MS) {
      return `is ${Math.round((scheduler.next - redisNowMs) / 1000)} s ahead`;
    }
    const next = await this.queue.getJob(`repeat:${schedulerId(name)}:${scheduler.next}`);
    if (!next) return 'has lost its next run';
    return undefined;
  }

  private upsert(name: JobName) {
    return this.queue.upsertJobScheduler(
      schedulerId(name),
      { every: this.everyMs },
      {
        name,
        data: {},
        opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
      },
    );
  }

  /** Redis's clock, and this worker's at the middle of the round trip. */
  private async redisTime() {
    const before = Date.now();
    const [seconds, micros] = await this.redis.time();
    const after = Date.now();
    return {
      ms: Number(seconds) * 1000 + Math.floor(Number(micros) / 1000),
      localMs: (before + after) / 2,
    };
  }
}
