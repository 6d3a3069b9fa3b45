import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, redisFaults } from '../../redis/redis.module.js';
import { AdminAlertsService } from './admin-alerts.service.js';

const ALERT_KEY = 'redis-memory';
const ALERT_KIND = 'redis_memory';
/** The sweep warns from this share of `maxmemory` (RELIABILITY B3: alert at about 80 %). */
const WARN_SHARE = 0.8;
/** A process tells the alert row at most this often; the row keeps it once per episode. */
const RAISE_EVERY_MS = 10_000;

/**
 * Redis full: with `noeviction` it refuses writes, and the routes that need it answer 503. The
 * first refusal a request meets opens the alert at once (the sweep's own jobs need Redis too);
 * the sweep also warns before it is full, and ends the episode once memory is back below the
 * warning share.
 */
@Injectable()
export class RedisMemoryAlarm implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Alerts');
  private raisedAt = 0;
  private readonly onOutOfMemory = () => void this.raise();

  constructor(
    private readonly alerts: AdminAlertsService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onModuleInit() {
    redisFaults.on('out-of-memory', this.onOutOfMemory);
  }

  onModuleDestroy() {
    redisFaults.off('out-of-memory', this.onOutOfMemory);
  }

  /** The sweep's check of Redis memory against `maxmemory`. */
  async check() {
    const info = await this.redis.info('memory');
    const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? 0);
    const used = field('used_memory');
    const max = field('maxmemory');
    if (max > 0 && used >= max * WARN_SHARE) {
      await this.alerts.open(
        ALERT_KEY,
        ALERT_KIND,
        `Redis uses ${Math.round((used / max) * 100)} % of its memory limit. Once full it refuses writes and logins, orders and top-ups are answered 503: free memory or raise maxmemory.`,
      );
    } else {
      await this.alerts.resolve(ALERT_KEY);
    }
  }

  private async raise() {
    const now = Date.now();
    if (now - this.raisedAt < RAISE_EVERY_MS) return;
    this.raisedAt = now;
    try {
      await this.alerts.open(
        ALERT_KEY,
        ALERT_KIND,
        'Redis is out of memory and refuses writes: logins, orders and top-ups are answered 503. Free memory or raise maxmemory.',
      );
    } catch (error) {
      this.logger.warn(`Redis memory alert not opened: ${(error as Error).message}`);
    }
  }
}
