import { INTERCEPTORS_METADATA } from '@nestjs/common/constants.js';
import { IdempotencyInterceptor, Idempotent } from '../idempotency/idempotent.js';
import { ListPageInterceptor, SimpleRestList } from './list-page.js';
import { perUser, RateLimit, RateLimitInterceptor } from './rate-limit.js';

const limit = perUser('test', (limits) => limits.userActions);
class Row {}

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

  plain() {}
}

const boundTo = (route: keyof Routes) =>
  Reflect.getMetadata(
    INTERCEPTORS_METADATA,
    Object.getOwnPropertyDescriptor(Routes.prototype, route)?.value as object,
  ) as unknown[] | undefined;

describe('edge interceptors are bound per route, in one order', () => {
  it('the Idempotency-Key claim wraps the rate limit whichever decorator is written first', () => {
    const outermostFirst = [IdempotencyInterceptor, RateLimitInterceptor];
    expect(boundTo('keyThenLimit')).toEqual(outermostFirst);
    expect(boundTo('limitThenKey')).toEqual(outermostFirst);
  });

  it('the list page shapes the answer inside the limit', () => {
    expect(boundTo('listThenLimit')).toEqual([RateLimitInterceptor, ListPageInterceptor]);
  });

  it('a route without edge decorators has no interceptor', () => {
    expect(boundTo('plain')).toBeUndefined();
  });
});
