import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export const REDIS = Symbol('REDIS');

export function createRedis(
  config: AppConfig,
  purpose: string,
  options: { forWorker?: boolean } = {},
) {
  const client = new Redis(config.redisUrl, {
    connectionName: `zstore-${purpose}`,
    lazyConnect: false,
    // BullMQ workers block on Redis and must wait through outages rather than fail commands.
    maxRetriesPerRequest: options.forWorker ? null : 2,
    enableOfflineQueue: true,
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
      useFactory: (config: AppConfig) => createRedis(config, 'app'),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
