import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig, type RateLimit } from '../../config/config.js';
import { REDIS } from '../../redis/redis.module.js';
import { Messages } from '../messages.js';
import { AppError, ErrorCode } from '../errors/app-error.js';

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/**
 * Fixed-window counters in Redis, so a limit holds across every API instance.
 * Keys name what is limited: `login:ip:1.2.3.4`, `otp-send:number:9000000001`.
 */
@Injectable()
export class RateLimitService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async hit(key: string, rule: RateLimit, message: string = Messages.tooManyRequests) {
    const [count, ttl] = (await this.redis.eval(
      HIT,
      1,
      `${this.config.redisPrefix}:rl:${key}`,
      rule.windowMs,
    )) as [number, number];
    if (count > rule.limit) {
      const retryAfter = Math.max(1, Math.ceil(ttl / 1000));
      throw new AppError(
        ErrorCode.RateLimited,
        message,
        HttpStatus.TOO_MANY_REQUESTS,
        {},
        {
          'retry-after': String(retryAfter),
        },
      );
    }
  }

  async hitAll(checks: Array<[string, RateLimit]>, message?: string) {
    for (const [key, rule] of checks) await this.hit(key, rule, message);
  }
}
