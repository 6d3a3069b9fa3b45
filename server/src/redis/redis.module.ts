import { EventEmitter } from 'node:events';
import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export const REDIS = Symbol('REDIS');

const REDIS_CONNECT_TIMEOUT_MS = 5_000;
const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** Redis refusing a write because it reached `maxmemory` (policy `noeviction`). */
export function isRedisOutOfMemory(error: unknown): boolean {
  const { message } = (error ?? {}) as { message?: unknown };
  return typeof message === 'string' && message.startsWith('OOM ');
}

/**
 * Told of each Redis refusal for memory that reached a request (`out-of-memory`), so the
 * operations module can alert the admin.
 */
export const redisFaults = new EventEmitter();

/**
 * The errors ioredis raises when Redis cannot be reached or does not answer in time, or
 * refuses writes for memory: each one a moment to wait, not a fault of the request.
 */
export function isRedisUnavailable(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'MaxRetriesPerRequestError' || isRedisOutOfMemory(error)) return true;
  return (
    typeof message === 'string' &&
    /^(Command timed out|Connection is closed|Stream isn't writeable|Reached the max retries per request)/.test(
      message,
    )
  );
}

export function createRedis(
  config: AppConfig,
  purpose: string,
  options: { forWorker?: boolean; autoPipelining?: boolean } = {},
) {
  const client = new Redis(config.redisUrl, {
    connectionName: `zstore-${purpose}`,
    enableAutoPipelining: options.autoPipelining ?? false,
    lazyConnect: false,
    enableOfflineQueue: true,
    // BullMQ workers block on Redis and must wait through outages rather than fail commands;
    // everything else fails fast, so a request answers 503 instead of hanging (RELIABILITY J8).
    ...(options.forWorker
      ? { maxRetriesPerRequest: null }
      : {
          maxRetriesPerRequest: 1,
          commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
          connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        }),
  });
  client.on('error', () => undefined);
  return client;
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      // Commands that many requests send in the same tick (rate limits, checked players) go
      // out as one write: fewer system calls for Redis and for us.
      useFactory: (config: AppConfig) => createRedis(config, 'app', { autoPipelining: true }),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
