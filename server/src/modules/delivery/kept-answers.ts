import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../../redis/redis.module.js';

/** A kept answer outlives any outage of PostgreSQL a job's retries could ride out. */
const KEEP_SECONDS = 7 * 24 * 3600;

/**
 * Smile.one order ids received for our packs and not yet written to PostgreSQL, in Redis: the
 * answer is the only proof of a Smile.one purchase (no status call), so while PostgreSQL refuses
 * the write it is kept here and the job's retry writes it.
 */
@Injectable()
export class KeptAnswers {
  private readonly logger = new Logger('Delivery');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(reference: string) {
    return `${this.config.redisPrefix}:delivery:answer:${reference}`;
  }

  async keep(reference: string, supplierOrderId: string) {
    try {
      await this.redis.set(this.key(reference), supplierOrderId, 'EX', KEEP_SECONDS);
    } catch (error) {
      // The answer is in the log line written before; the write to PostgreSQL still follows.
      this.logger.warn(`pack ${reference}: answer not kept: ${(error as Error).message}`);
    }
  }

  find(reference: string): Promise<string | null> {
    return this.redis.get(this.key(reference));
  }

  async forget(reference: string) {
    await this.redis.del(this.key(reference)).catch(() => undefined);
  }
}
