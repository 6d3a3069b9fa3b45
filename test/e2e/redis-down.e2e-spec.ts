/**
 * RELIABILITY J8: with Redis gone (refused, or answering nothing at all), the routes that need
 * it answer 503 with Retry-After within 2 s and move no money; health names the part that is
 * down; everything works again once Redis is back.
 */
import { Messages } from '@zstore/contract/messages';
import { redisRoutes } from './helpers/redis-routes.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { REDIS_URL } from '../utils/env.js';
import { TcpSwitch } from '../utils/tcp-switch.js';
import {
  balancesOf,
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';

describe('Redis down', () => {
  let app: TestApp;
  let redis: TcpSwitch;
  let shopper: Shopper;
  let diamonds: CatalogEntry;

  beforeAll(async () => {
    const upstream = new URL(REDIS_URL);
    redis = await TcpSwitch.start({ host: upstream.hostname, port: Number(upstream.port || 6379) });
    app = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${redis.port}` });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    shopper = await newShopper(app, { balance: 500_00 });
  });
  afterAll(async () => {
    await app.close();
    await redis.close();
  });

  const timed = async (
    call: () => Promise<{
      status: number;
      headers: Record<string, string>;
      body: Record<string, unknown>;
    }>,
  ) => {
    const started = Date.now();
    const response = await call();
    return { response, ms: Date.now() - started };
  };

  const calls = {
    login: () => redisRoutes(app, shopper, diamonds).login(),
    walletOrder: () => redisRoutes(app, shopper, diamonds).walletOrder(),
    topup: () => redisRoutes(app, shopper, diamonds).topup(),
  };

  for (const mode of ['refuse', 'blackhole'] as const) {
    it(`${mode}: login, orders and top-ups answer 503 with Retry-After within 2 s and move no money`, async () => {
      const before = await balancesOf(app, shopper.userid);
      redis.set(mode);
      try {
        for (const [name, call] of Object.entries(calls)) {
          const { response, ms } = await timed(call);
          expect({ name, status: response.status }).toEqual({ name, status: 503 });
          expect(response.headers['retry-after']).toBeDefined();
          expect(response.body).toMatchObject({ message: Messages.busy, code: 'UNAVAILABLE' });
          expect(ms).toBeLessThan(2_000);
        }
        const { response, ms } = await timed(() => app.http().get('/api/health'));
        expect(response.status).toBe(503);
        expect(ms).toBeLessThan(5_000);
        expect(response.body).toMatchObject({ details: { redis: { status: 'down' } } });
      } finally {
        redis.set('up');
      }
      expect(await balancesOf(app, shopper.userid)).toEqual(before);
      await expectLedgerConsistent(app);
    });
  }

  it('answers at once after one call has found Redis silent, instead of waiting on every call', async () => {
    const before = await balancesOf(app, shopper.userid);
    redis.set('blackhole');
    try {
      expect((await calls.login()).status).toBe(503);
      for (const [name, call] of Object.entries(calls)) {
        const { response, ms } = await timed(call);
        expect({ name, status: response.status }).toEqual({ name, status: 503 });
        expect(response.body).toMatchObject({ message: Messages.busy, code: 'UNAVAILABLE' });
        expect({ name, fast: ms < 500 }).toEqual({ name, fast: true });
      }
    } finally {
      redis.set('up');
    }
    expect(await balancesOf(app, shopper.userid)).toEqual(before);
  });

  it('works again once Redis is back', async () => {
    redis.set('up');
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await calls.login()).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    let health = await app.http().get('/api/health');
    while (health.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      health = await app.http().get('/api/health');
    }
    expect(health.body).toMatchObject({ status: 'ok' });
  });
});
