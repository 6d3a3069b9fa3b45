import { Inject, Injectable } from '@nestjs/common';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

/** The longest a slowed-down sign-in waits for its turn before it is told to come back. */
const LOGIN_MAX_WAIT_MS = 10_000;

/**
 * Past a ceiling of wrong passwords from everywhere, an account's sign-ins are evaluated one at
 * a time, spaced out (OWASP ASVS 5.0, 6.3.1), so a stranger's guesses never lock the owner out.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Waits for the account's turn when it is being slowed down. */
  async beforeAttempt(email: string) {
    const { loginAccount, loginSlowed } = this.config.rateLimits;
    if (await this.limits.exceeded(failuresKey(email), loginAccount)) {
      await this.limits.slowDown(`login:slowed:${email}`, loginSlowed, LOGIN_MAX_WAIT_MS);
    }
  }

  /** Counts a wrong password against the account. */
  async failed(email: string) {
    await this.limits.allow(failuresKey(email), this.config.rateLimits.loginAccount);
  }
}

const failuresKey = (email: string) => `login:failures:${email}`;
