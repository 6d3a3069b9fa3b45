import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig, type RateLimit } from '../../config/config.js';
import { REDIS } from '../../redis/redis.module.js';
import { Messages } from '@zstore/contract/messages';
import { AppError, ErrorCode } from '../errors/app-error.js';

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/** Takes the key's next free slot, `interval` ms after the previous one; answers the wait. */
const SLOT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local wait = slot - now
if wait > tonumber(ARGV[2]) then return -wait end
redis.call('SET', KEYS[1], slot + tonumber(ARGV[1]), 'PX', wait + tonumber(ARGV[1]))
return wait`;

function limited(waitMs: number, message: string = Messages.tooManyRequests) {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    ErrorCode.RateLimited,
    message,
    HttpStatus.TOO_MANY_REQUESTS,
    {},
    { 'retry-after': String(retryAfter) },
  );
}

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
    const { allowed, ttl } = await this.count(key, rule);
    if (!allowed) throw limited(ttl, message);
  }

  /** Counts one use; false once the window's limit is spent (for triggers that answer alike). */
  async allow(key: string, rule: RateLimit) {
    return (await this.count(key, rule)).allowed;
  }

  /** Counts one use, answering whether it is allowed and when the window ends. */
  async take(key: string, rule: RateLimit) {
    const { allowed, ttl, count } = await this.count(key, rule);
    return {
      allowed,
      windowEndsInMs: Math.max(0, ttl),
      remaining: Math.max(0, rule.limit - count),
    };
  }

  /** True for the first caller on `key` within `ms`: the one that should act later. */
  async once(key: string, ms: number) {
    return (await this.redis.set(this.key(key), '1', 'PX', Math.max(1, ms), 'NX')) === 'OK';
  }

  /** Whether the window's limit is spent, without counting a use. */
  async exceeded(key: string, rule: RateLimit) {
    const count = await this.redis.get(this.key(key));
    return Number(count ?? 0) >= rule.limit;
  }

  /**
   * Spaces calls on one key `rule.windowMs / rule.limit` apart: each waits for its own slot, so
   * they slow down instead of failing; only a wait beyond `maxWaitMs` answers 429.
   */
  async slowDown(key: string, rule: RateLimit, maxWaitMs: number) {
    const interval = Math.ceil(rule.windowMs / rule.limit);
    const wait = (await this.redis.eval(
      SLOT,
      1,
      this.key(`${key}:slot`),
      interval,
      maxWaitMs,
    )) as number;
    if (wait < 0) throw limited(-wait);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private async count(key: string, rule: RateLimit) {
    const [count, ttl] = (await this.redis.eval(HIT, 1, this.key(key), rule.windowMs)) as [
      number,
      number,
    ];
    return { allowed: count <= rule.limit, ttl, count };
  }

  private key(key: string) {
    return `${this.config.redisPrefix}:rl:${key}`;
  }

  async hitAll(checks: Array<[string, RateLimit]>, message?: string) {
    for (const [key, rule] of checks) await this.hit(key, rule, message);
  }
}
