/**
 * Redis full (RELIABILITY rule 7, B3): with `noeviction` a Redis at its `maxmemory` refuses
 * writes. The routes that need it answer the same fast 503 with Retry-After as when Redis is
 * down, move no money, and the admin is alerted once; all is well again once memory is freed.
 * The Redis here is a private one with a tiny memory limit, never the shared one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { Messages } from '@zstore/contract/messages';
import { AlertChecksService } from '../../server/src/modules/operations/alert-checks.service.js';
import { redisRoutes } from './helpers/redis-routes.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { freePort } from '../utils/process.js';
import {
  balancesOf,
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';

/** Filler sizes, largest first, so that Redis is filled to the brim (small writes refused too). */
const FILLERS = [256 * 1024, 16 * 1024, 1024, 64].map((size) => 'x'.repeat(size));

describe('Redis out of memory', () => {
  let server: ChildProcess;
  let redis: Redis;
  let app: TestApp;
  let shopper: Shopper;
  let diamonds: CatalogEntry;

  beforeAll(async () => {
    const port = await freePort();
    server = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory',
        '16mb',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    redis = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 20 });
    await redis.ping();
    app = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    shopper = await newShopper(app, { balance: 500_00 });
  });
  afterAll(async () => {
    await app?.close();
    redis?.disconnect();
    server?.kill('SIGKILL');
  });

  const calls = {
    login: () => redisRoutes(app, shopper, diamonds).login(),
    walletOrder: () => redisRoutes(app, shopper, diamonds).walletOrder(),
    topup: () => redisRoutes(app, shopper, diamonds).topup(),
  };

  it('answers 503 with Retry-After within 2 s, moves no money, and alerts the admin once', async () => {
    const before = await balancesOf(app, shopper.userid);
    let filled = 0;
    // Memory falls back under the limit as the store's own keys expire: filled again before each
    // call, then the limit is held below what is used, so every call meets a Redis that refuses
    // writes however many of those keys expire meanwhile.
    const fillToTheBrim = async () => {
      await redis.config('SET', 'maxmemory', '16mb');
      for (const filler of FILLERS) {
        for (;;) {
          try {
            await redis.set(`filler:${filled}`, filler);
            filled += 1;
          } catch (error) {
            expect((error as Error).message).toMatch(/^OOM /);
            break;
          }
        }
      }
      await redis.config('SET', 'maxmemory', '1');
    };
    try {
      for (let round = 0; round < 3; round++) {
        for (const [name, call] of Object.entries(calls)) {
          await fillToTheBrim();
          const started = Date.now();
          const response = await call();
          expect({ name, status: response.status }).toEqual({ name, status: 503 });
          expect(response.headers['retry-after']).toBeDefined();
          expect(response.body).toMatchObject({ message: Messages.busy, code: 'UNAVAILABLE' });
          expect(Date.now() - started).toBeLessThan(2_000);
        }
      }
      const alerts = await app.sql<{ kind: string; episodes: number; resolved_at: Date | null }>(
        `SELECT kind, episodes, resolved_at FROM admin_alerts WHERE key = 'redis-memory'`,
      );
      expect(alerts).toEqual([{ kind: 'redis_memory', episodes: 1, resolved_at: null }]);
    } finally {
      await redis.config('SET', 'maxmemory', '16mb');
      for (let i = 0; i < filled; i++) await redis.del(`filler:${i}`);
    }
    expect(await balancesOf(app, shopper.userid)).toEqual(before);
    await expectLedgerConsistent(app);

    // Memory freed: the routes serve again and the sweep's check ends the episode.
    expect((await calls.login()).status).toBe(200);
    await app.store.app.get(AlertChecksService).check();
    const [alert] = await app.sql<{ resolved_at: Date | null }>(
      `SELECT resolved_at FROM admin_alerts WHERE key = 'redis-memory'`,
    );
    expect(alert.resolved_at).not.toBeNull();
  });
});
