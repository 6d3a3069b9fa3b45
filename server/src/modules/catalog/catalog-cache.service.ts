import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CachedJson } from '../../common/http/cached-json.js';
import { createRedis, REDIS } from '../../redis/redis.module.js';

/**
 * Pre-serialised catalogue answers (with their ETag and compressed forms), per process and per
 * audience. Any instance that changes the
 * catalogue calls `invalidate()`, which clears every instance's copy through Redis pub/sub.
 */
@Injectable()
export class CatalogCacheService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogCache');
  private readonly entries = new Map<string, CachedJson>();
  private readonly rows = new Map<string, Promise<unknown>>();
  private subscriber?: Redis;
  /** Bumped on every invalidation, so an answer built across one is not stored. */
  private epoch = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  private get channel() {
    return `${this.config.redisPrefix}:catalog:invalidate`;
  }

  async onModuleInit() {
    this.subscriber = createRedis(this.config, 'catalog-subscriber');
    this.subscriber.on('message', () => this.clearLocal());
    this.subscriber.on('error', (error: Error) => this.logger.warn(`subscriber: ${error.message}`));
    await this.subscriber.subscribe(this.channel);
  }

  async get(key: string, build: () => Promise<unknown>): Promise<CachedJson> {
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached;
    const epoch = this.epoch;
    const answer = new CachedJson(JSON.stringify(await build()));
    if (epoch === this.epoch) this.entries.set(key, answer);
    return answer;
  }

  /**
   * A catalogue row for the server's own use (checkout reads the product and pack from here), kept
   * until the next invalidation; one read of the database however many callers ask at once.
   */
  row<T>(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.rows.get(key);
    if (kept) return kept as Promise<T>;
    const epoch = this.epoch;
    const reading = read();
    this.rows.set(key, reading);
    reading.then(
      (value) => {
        if (epoch !== this.epoch || value === undefined) this.forget(key, reading);
      },
      () => this.forget(key, reading),
    );
    return reading;
  }

  private forget(key: string, reading: Promise<unknown>) {
    if (this.rows.get(key) === reading) this.rows.delete(key);
  }

  /** Call after any change to products, items or gallery images (the admin calls do). */
  async invalidate() {
    this.clearLocal();
    await this.redis.publish(this.channel, String(Date.now()));
  }

  private clearLocal() {
    this.epoch += 1;
    this.entries.clear();
    this.rows.clear();
  }

  async onApplicationShutdown() {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
