import {
  createParamDecorator,
  HttpStatus,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { ipAllowed } from './ip-allow-list.js';
import { rawBodyOf } from './raw-body.js';
import { invalidSignature, ResellerErrorCode, ResellerMessages } from './reseller-errors.js';
import { ResellerKeysService, type ActiveKey } from './reseller-keys.service.js';
import {
  newSecret,
  sign,
  signatureMatches,
  signedText,
  TIMESTAMP_WINDOW_SECONDS,
} from './request-signature.js';
import { Messages } from '@zstore/contract/messages';

type SignedRequest = FastifyRequest & { resellerKey?: ActiveKey };

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Every reseller API request: `X-Key-Id`, `X-Timestamp` within 300 s of the server's clock and
 * `X-Signature` over the timestamp, method, path with query and the raw body's SHA-256. An
 * unknown, revoked or stopped key and a wrong signature get the same answer after the same work
 * (an HMAC and a constant-time comparison). Then the key's address list and its rate limit,
 * whose `X-RateLimit-*` headers every answer past this point carries.
 */
@Injectable()
export class SignedRequestGuard implements CanActivate {
  /** Signs for unknown keys, so they cost what a known key costs. */
  private readonly decoySecret = newSecret();

  constructor(
    private readonly keys: ResellerKeysService,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<SignedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    void reply.header('cache-control', 'no-store');
    const keyId = header(request, 'x-key-id') ?? '';
    const timestamp = header(request, 'x-timestamp') ?? '';
    const signature = header(request, 'x-signature') ?? '';

    if (!/^\d{1,12}$/.test(timestamp)) throw invalidSignature();
    const skew = Math.abs(this.clock.now().getTime() / 1000 - Number(timestamp));
    if (skew > TIMESTAMP_WINDOW_SECONDS) {
      throw new AppError(
        ResellerErrorCode.TimestampSkew,
        ResellerMessages.timestampSkew,
        HttpStatus.UNAUTHORIZED,
      );
    }

    const key = keyId.length <= 40 ? await this.keys.active(keyId) : undefined;
    const text = signedText(timestamp, request.method, request.url, rawBodyOf(request));
    const expected = sign(key?.secret ?? this.decoySecret, text);
    const matches = signatureMatches(expected, signature);
    if (!key || !matches) throw invalidSignature();

    if (!ipAllowed(key.allowedIps, request.ip)) {
      throw new AppError(
        ResellerErrorCode.IpNotAllowed,
        ResellerMessages.ipNotAllowed,
        HttpStatus.FORBIDDEN,
      );
    }

    const limit = { limit: key.rateLimit, windowMs: 60_000 };
    const { allowed, windowEndsInMs, remaining } = await this.limits.take(
      `reseller-key:${key.id}`,
      limit,
    );
    const resetAt = Math.ceil((Date.now() + windowEndsInMs) / 1000);
    void reply.header('x-ratelimit-limit', String(limit.limit));
    void reply.header('x-ratelimit-remaining', String(remaining));
    void reply.header('x-ratelimit-reset', String(resetAt));
    if (!allowed) {
      throw new AppError(
        ErrorCode.RateLimited,
        Messages.tooManyRequests,
        HttpStatus.TOO_MANY_REQUESTS,
        {},
        { 'retry-after': String(Math.max(1, Math.ceil(windowEndsInMs / 1000))) },
      );
    }
    request.resellerKey = key;
    return true;
  }
}

/** The key that signed this request (set by `SignedRequestGuard`). */
export const SigningKey = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<SignedRequest>().resellerKey!;
});
