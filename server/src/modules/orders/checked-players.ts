import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../../redis/redis.module.js';

/** Long enough for a customer to pay after Check Username; the name is only shown, never trusted. */
const KEEP_SECONDS = 60 * 60;

/**
 * The in-game names the player check found, kept for an hour per product, player id and zone,
 * so the order placed after the check carries the name the customer saw (Redis, so any API
 * instance can place the order).
 */
@Injectable()
export class CheckedPlayers {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(productId: string, playerId: string, zone: string) {
    return `${this.config.redisPrefix}:checked-player:${productId}:${playerId}:${zone}`;
  }

  async remember(productId: string, playerId: string, zone: string, username: string) {
    if (!username) return;
    await this.redis.set(
      this.key(productId, playerId, zone),
      username.slice(0, 64),
      'EX',
      KEEP_SECONDS,
    );
  }

  /** The checked name, or null when there is none (or Redis cannot say: the order goes on). */
  async find(productId: string, playerId: string, zone: string): Promise<string | null> {
    return this.redis.get(this.key(productId, playerId, zone)).catch(() => null);
  }
}
