import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../../redis/redis.module.js';

/** The longest a slowed-down sign-in waits for its turn before it is told to come back. */
const LOGIN_MAX_WAIT_MS = 10_000;

/** How long an address that signed in to an account stays known to it. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

/**
 * Past a ceiling of wrong passwords from everywhere, an account's sign-ins are evaluated one at
 * a time, spaced out (OWASP ASVS 5.0, 6.3.1), so a stranger's guesses never lock the owner out.
 * An address that signed in to the account before (within 30 days) is the owner's: it skips
 * the queue, its own limits (per address, and per account from that address) still apply.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limits: RateLimitService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Waits for the account's turn when it is being slowed down, unless `ip` is known to it. */
  async beforeAttempt(email: string, ip: string) {
    const { loginAccount, loginSlowed } = this.config.rateLimits;
    if (!(await this.limits.exceeded(failuresKey(email), loginAccount))) return;
    if (await this.redis.exists(this.knownKey(email, ip))) return;
    await this.limits.slowDown(`login:slowed:${email}`, loginSlowed, LOGIN_MAX_WAIT_MS);
  }

  /** Counts a wrong password against the account. */
  async failed(email: string) {
    await this.limits.allow(failuresKey(email), this.config.rateLimits.loginAccount);
  }

  /** Remembers `ip` as one the account's owner signs in from (by password or by SMS code). */
  async signedIn(email: string, ip: string) {
    await this.redis.set(this.knownKey(email, ip), '1', 'PX', KNOWN_ADDRESS_MS);
  }

  private knownKey(email: string, ip: string) {
    return `${this.config.redisPrefix}:login:known:${email.toLowerCase()}:${ip}`;
  }
}

const failuresKey = (email: string) => `login:failures:${email}`;
