import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { isLookAlikeEmail, normalizeEmail } from '@zstore/contract/email-address';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { GoogleAdapter, type GoogleIdentity } from '../../providers/google/google.adapter.js';
import { REDIS } from '../../redis/redis.module.js';
import { UsersService } from '../users/users.service.js';
import type { Language } from '../../common/i18n/language.js';
import { AuthService } from './auth.service.js';

const LOGIN_TICKET_TTL_S = 120;

export const GOOGLE_FAILED = 'Google Authentication Failed';

/** Why Google's answer signed no one in, for the storefront to explain (`/home?reason=`). */
export type GoogleRefusal = 'unverified' | 'linked' | 'failed';

/**
 * Google sign-in: the callback turns Google's answer into a one-time ticket kept in Redis and
 * handed to the browser in an httpOnly cookie; `/auth/login/success` trades it for a session.
 */
@Injectable()
export class GoogleLoginService {
  private readonly logger = new Logger('GoogleLogin');

  constructor(
    private readonly google: GoogleAdapter,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private ticketKey(ticket: string) {
    return `${this.config.redisPrefix}:google-ticket:${ticket}`;
  }

  start(redirectUri: string) {
    if (!this.config.google.enabled) {
      throw new AppError(
        ErrorCode.GoogleNotConfigured,
        Messages.googleNotConfigured,
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    const state = randomBytes(16).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    return { state, nonce, url: this.google.authorizeUrl(redirectUri, state, nonce) };
  }

  /** Returns a login ticket, or why Google's answer cannot sign anyone in. */
  async finish(
    code: string,
    redirectUri: string,
    nonce: string,
    language: Language = 'en',
  ): Promise<{ ticket: string } | { refused: GoogleRefusal }> {
    let identity: GoogleIdentity;
    try {
      identity = await this.google.exchangeCode(code, redirectUri, nonce);
    } catch (error) {
      this.logger.warn(`Google sign-in refused: ${(error as Error).message}`);
      return { refused: 'failed' };
    }
    const user = await this.findOrCreate(identity, language);
    if (!user) return { refused: identity.emailVerified ? 'linked' : 'unverified' };
    const ticket = randomBytes(24).toString('base64url');
    await this.redis.set(this.ticketKey(ticket), user.id, 'EX', LOGIN_TICKET_TTL_S);
    return { ticket };
  }

  async redeem(ticket: string | undefined) {
    const userId = ticket ? await this.redis.getdel(this.ticketKey(ticket)) : null;
    const user = userId ? await this.users.getById(userId) : null;
    if (!user) throw new AppError(ErrorCode.Unauthorized, GOOGLE_FAILED, HttpStatus.UNAUTHORIZED);
    if (user.isBlocked) {
      throw new AppError(ErrorCode.Blocked, Messages.blocked, HttpStatus.FORBIDDEN);
    }
    return this.auth.session(user);
  }

  /**
   * Keyed on Google's `sub`; an e-mail links to an existing account only when Google verified it.
   * A new account takes the language the sign-in started in.
   */
  private async findOrCreate(identity: GoogleIdentity, language: Language) {
    const known = await this.users.getByGoogleSub(identity.sub);
    if (known) return known;
    if (!identity.emailVerified) return undefined;
    const email = normalizeEmail(identity.email);
    if (isLookAlikeEmail(email)) return undefined;
    const byEmail = await this.users.getByEmail(email);
    if (byEmail) {
      if (byEmail.googleSub) return undefined;
      if (!(await this.users.linkGoogle(byEmail.id, identity.sub))) return undefined;
      return this.users.getById(byEmail.id);
    }
    return this.users.create({
      name: identity.name.slice(0, 80),
      email,
      mobilenumber: null,
      passwordHash: null,
      verified: true,
      googleSub: identity.sub,
      language,
    });
  }
}
