import {
  applyDecorators,
  Inject,
  Injectable,
  SetMetadata,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig, type RateLimit as Rule } from '../../config/config.js';
import type { AuthUser } from '../auth/auth.decorators.js';
import { EdgeStage, UseEdgeInterceptor } from './edge-interceptors.js';
import { RateLimitService } from './rate-limit.service.js';
import { validatedBody } from './validated-body.js';

/** What a limit's key is made of: the caller and the request, its body validated. */
export interface LimitedRequest {
  ip: string;
  auth?: AuthUser;
  body: Record<string, string>;
  params: Record<string, string>;
}

/** One counter: `key` names it in Redis (`login:ip:1.2.3.4`), `rule` is its configured limit. */
export interface RouteLimit {
  key: (request: LimitedRequest) => string;
  rule: (limits: AppConfig['rateLimits']) => Rule;
}

const RATE_LIMITS_KEY = 'http:rate-limits';

/** `<name>:user:<user id>` for the signed-in caller. */
export const perUser = (name: string, rule: RouteLimit['rule']): RouteLimit => ({
  key: ({ auth }) => `${name}:user:${auth?.id}`,
  rule,
});

/** `<name>:ip:<address>` for the caller's address (Fastify honours TRUST_PROXY). */
export const perIp = (name: string, rule: RouteLimit['rule']): RouteLimit => ({
  key: ({ ip }) => `${name}:ip:${ip}`,
  rule,
});

@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler) {
    const limits = this.reflector.get<RouteLimit[] | undefined>(
      RATE_LIMITS_KEY,
      context.getHandler(),
    );
    if (!limits?.length) return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest & { auth?: AuthUser }>();
    const limited: LimitedRequest = {
      ip: request.ip,
      auth: request.auth,
      body: ((await validatedBody(context)) ?? {}) as Record<string, string>,
      params: request.params as Record<string, string>,
    };
    await this.limits.hitAll(
      limits.map(({ key, rule }) => [key(limited), rule(this.config.rateLimits)]),
    );
    return next.handle();
  }
}

/**
 * Counts each call of the route against every limit given, in order, and answers 429 with
 * `Retry-After` once one is spent. Counted at the edge only: services and jobs calling the same
 * code are not limited. A body refused by validation counts nothing.
 */
export const RateLimit = (...limits: RouteLimit[]) =>
  applyDecorators(
    SetMetadata(RATE_LIMITS_KEY, limits),
    UseEdgeInterceptor(RateLimitInterceptor, EdgeStage.RateLimit),
  );
