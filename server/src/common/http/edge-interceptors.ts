import type { NestInterceptor, Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants.js';

/**
 * Where an edge interceptor sits on a route, outermost first: the Idempotency-Key claim spans
 * everything the attempt does (its rate limits included), and the list page shapes the handler's
 * answer last.
 */
export enum EdgeStage {
  Idempotency = 0,
  RateLimit = 1,
  ListPage = 2,
}

const stages = new WeakMap<object, EdgeStage>();

/**
 * Puts `interceptor` on the decorated route at its stage, whatever order the route's decorators
 * are written in. Interceptors are bound per route rather than globally, so a route with none
 * (the catalogue's reads) runs no interceptor chain at all.
 */
export function UseEdgeInterceptor(
  interceptor: Type<NestInterceptor>,
  stage: EdgeStage,
): MethodDecorator {
  stages.set(interceptor, stage);
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const bound = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as object[];
    const rank = (entry: object) => stages.get(entry) ?? Number.MAX_SAFE_INTEGER;
    const ordered = [...bound, interceptor].sort((a, b) => rank(a) - rank(b));
    Reflect.defineMetadata(INTERCEPTORS_METADATA, ordered, handler);
  };
}
