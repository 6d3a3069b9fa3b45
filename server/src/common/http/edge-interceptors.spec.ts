import type { CallHandler, ExecutionContext, NestInterceptor, Type } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { lastValueFrom, map, of } from 'rxjs';
import { IdempotencyInterceptor, Idempotent } from '../idempotency/idempotent.js';
import {
  EdgeInterceptor,
  EdgeStage,
  edgeInterceptorsOf,
  UseEdgeInterceptor,
} from './edge-interceptors.js';
import { ListPageInterceptor, SimpleRestList } from './list-page.js';
import { perUser, RateLimit, RateLimitInterceptor } from './rate-limit.js';

const limit = perUser('test', (limits) => limits.userActions);
class Row {}

const calls: string[] = [];

/** Notes when it runs, before and after the handler. */
const recording = (name: string): Type<NestInterceptor> =>
  class {
    intercept(_context: ExecutionContext, next: CallHandler) {
      calls.push(`${name} in`);
      return Promise.resolve(
        next.handle().pipe(map((answer: unknown) => (calls.push(`${name} out`), answer))),
      );
    }
  };
const Outer = recording('outer');
const Inner = recording('inner');

class Routes {
  @Idempotent()
  @RateLimit(limit)
  keyThenLimit() {}

  @RateLimit(limit)
  @Idempotent()
  limitThenKey() {}

  @SimpleRestList('rows', 'Rows', Row)
  @RateLimit(limit)
  listThenLimit() {}

  @UseEdgeInterceptor(Inner, EdgeStage.RateLimit)
  @UseEdgeInterceptor(Outer, EdgeStage.Idempotency)
  recorded() {}

  plain() {}
}

const handlerOf = (route: keyof Routes) =>
  Object.getOwnPropertyDescriptor(Routes.prototype, route)?.value as () => void;

describe('edge interceptors are bound per route, in one order', () => {
  it('the Idempotency-Key claim wraps the rate limit whichever decorator is written first', () => {
    const outermostFirst = [IdempotencyInterceptor, RateLimitInterceptor];
    expect(edgeInterceptorsOf(handlerOf('keyThenLimit'))).toEqual(outermostFirst);
    expect(edgeInterceptorsOf(handlerOf('limitThenKey'))).toEqual(outermostFirst);
  });

  it('the list page shapes the answer inside the limit', () => {
    expect(edgeInterceptorsOf(handlerOf('listThenLimit'))).toEqual([
      RateLimitInterceptor,
      ListPageInterceptor,
    ]);
  });

  it('a route without edge decorators has no interceptor', () => {
    expect(edgeInterceptorsOf(handlerOf('plain'))).toEqual([]);
  });

  it('runs the stages outermost first around the handler', async () => {
    const modules = { create: (type: Type) => Promise.resolve(new type()) } as unknown as ModuleRef;
    const edge = new EdgeInterceptor(new Reflector(), modules);
    const context = { getHandler: () => handlerOf('recorded') } as unknown as ExecutionContext;
    const handler = { handle: () => of((calls.push('handler'), 'answer')) };

    await expect(lastValueFrom(edge.intercept(context, handler))).resolves.toBe('answer');
    expect(calls).toEqual(['outer in', 'inner in', 'handler', 'inner out', 'outer out']);
  });
});
