import { ApplicationConfig } from '@nestjs/core';
import { AuthGuard } from '../../server/src/modules/auth/auth.guard.js';
import { startTestApp, type TestApp } from '../utils/app.js';

/**
 * What every request pays for: route-bound interceptors only (`@Idempotent()`, `@RateLimit()`,
 * `@SimpleRestList()`), and one global guard, the sign-in check. A library or a module that
 * registers a global enhancer puts it on the catalogue's hottest reads; this says so.
 */
describe('the request pipeline every route shares', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('has no global interceptor and no global guard but the sign-in check', () => {
    const config = app.store.app.get(ApplicationConfig);
    expect(config.getGlobalInterceptors()).toEqual([]);
    expect(config.getGlobalRequestInterceptors()).toEqual([]);
    const guards = [
      ...config.getGlobalGuards(),
      ...config.getGlobalRequestGuards().map((wrapper) => wrapper.instance as unknown),
    ];
    expect(guards).toHaveLength(1);
    expect(guards[0]).toBeInstanceOf(AuthGuard);
  });
});
