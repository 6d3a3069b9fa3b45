import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CachedJson } from '../../common/http/cached-json.js';
import { createRedis, REDIS } from '../../redis/redis.module.js';

/**
 * Entries one process keeps, answers and rows each: several times what the catalogue holds
 * (a product has a few answers), so only a catalogue far larger than a store's evicts any.
 */
export const CATALOG_CACHE_MAX_ENTRIES = 5_000;

/** Sets `key`, most recently used last, and drops the least recently used beyond `max`. */
function keep<V>(map: Map<string, V>, key: string, value: V, max = CATALOG_CACHE_MAX_ENTRIES) {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}

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

  /** Entries held now, answers and rows together. */
  get size() {
    return this.entries.size + this.rows.size;
  }

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

  /**
   * The answer kept for `key`, or `build`'s, kept for next time unless it is `null` (nothing
   * there: an id anyone may make up is not worth a place).
   */
  async get(key: string, build: () => Promise<unknown>): Promise<CachedJson> {
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      keep(this.entries, key, cached);
      return cached;
    }
    const epoch = this.epoch;
    const value = await build();
    const answer = new CachedJson(JSON.stringify(value));
    if (epoch === this.epoch && value !== null) keep(this.entries, key, answer);
    return answer;
  }

  /**
   * A catalogue row for the server's own use (checkout reads the product and pack from here), kept
   * until the next invalidation; one read of the database however many callers ask at once.
   */
  row<T>(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.rows.get(key);
    if (kept) {
      keep(this.rows, key, kept);
      return kept as Promise<T>;
    }
    const epoch = this.epoch;
    const reading = read();
    keep(this.rows, key, reading);
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
