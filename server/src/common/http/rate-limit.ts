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
import { ExtendRouteConfig } from './route-config.js';
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
  /** The key names the caller's address alone, so a request is counted before its body is read. */
  byAddress?: true;
}

interface LimitedRouteConfig {
  rateLimits?: RouteLimit[];
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
  byAddress: true,
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
 * Counts a request whose body the edge refuses before validation (too large, too many keys, too
 * deep, unclean text) against its route's limits on the caller's address, and throws the 429 once
 * one is spent: hostile bodies spend a caller's limit like any other call.
 */
export function countRefusedBody(limits: RateLimitService, config: AppConfig) {
  return async (request: FastifyRequest) => {
    const routeLimits = (request.routeOptions.config as LimitedRouteConfig).rateLimits ?? [];
    const caller = { ip: request.ip } as LimitedRequest;
    await limits.hitAll(
      routeLimits
        .filter((limit) => limit.byAddress)
        .map(({ key, rule }) => [key(caller), rule(config.rateLimits)]),
    );
  };
}

/**
 * Counts each call of the route against every limit given, in order, and answers 429 with
 * `Retry-After` once one is spent. Counted at the edge only: services and jobs calling the same
 * code are not limited. A body refused by validation counts nothing; a body refused before it
 * (see `countRefusedBody`) counts against the limits on the caller's address.
 */
export const RateLimit = (...limits: RouteLimit[]) =>
  applyDecorators(
    SetMetadata(RATE_LIMITS_KEY, limits),
    // In the route's Fastify config too, for the edge that refuses a body before Nest runs.
    ExtendRouteConfig({ rateLimits: limits } satisfies LimitedRouteConfig),
    UseEdgeInterceptor(RateLimitInterceptor, EdgeStage.RateLimit),
  );
