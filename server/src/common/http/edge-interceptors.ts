import {
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { defer, mergeAll, type Observable } from 'rxjs';

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

const EDGE_INTERCEPTORS_KEY = 'http:edge-interceptors';

const routes = new WeakMap<object, Map<EdgeStage, Type<NestInterceptor>>>();

/** The edge interceptors of a route, outermost first (none for a route without any). */
export function edgeInterceptorsOf(handler: object): Type<NestInterceptor>[] {
  const stages = routes.get(handler);
  if (!stages) return [];
  return [...stages].sort(([a], [b]) => a - b).map(([, interceptor]) => interceptor);
}

/**
 * Runs a route's edge interceptors in their stages' order, whatever order the route's decorators
 * are written in (Nest runs the interceptors a route binds in the order they were bound).
 */
@Injectable()
export class EdgeInterceptor implements NestInterceptor {
  private readonly instances = new Map<Type<NestInterceptor>, Promise<NestInterceptor>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const chain =
      this.reflector.get<Type<NestInterceptor>[] | undefined>(
        EDGE_INTERCEPTORS_KEY,
        context.getHandler(),
      ) ?? [];
    const run = (index: number): Observable<unknown> =>
      index === chain.length
        ? next.handle()
        : defer(async () =>
            (await this.instance(chain[index])).intercept(context, {
              handle: () => run(index + 1),
            }),
          ).pipe(mergeAll());
    return run(0);
  }

  /** One instance per interceptor class, made with the providers of the route's module. */
  private instance(type: Type<NestInterceptor>) {
    let instance = this.instances.get(type);
    if (!instance) {
      instance = this.moduleRef.create(type);
      this.instances.set(type, instance);
    }
    return instance;
  }
}

/**
 * Puts `interceptor` on the decorated route at its stage. Interceptors are bound per route rather
 * than globally, so a route with none (the catalogue's reads) runs no interceptor chain at all.
 */
export function UseEdgeInterceptor(
  interceptor: Type<NestInterceptor>,
  stage: EdgeStage,
): MethodDecorator {
  return (target, key, descriptor) => {
    const handler = descriptor.value as object;
    let stages = routes.get(handler);
    if (!stages) {
      stages = new Map();
      routes.set(handler, stages);
      UseInterceptors(EdgeInterceptor)(target, key, descriptor);
    }
    stages.set(stage, interceptor);
    SetMetadata(EDGE_INTERCEPTORS_KEY, edgeInterceptorsOf(handler))(target, key, descriptor);
  };
}
