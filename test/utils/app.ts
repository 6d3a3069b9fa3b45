import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { startStore, type RunningStore } from '../../server/src/bootstrap.js';
import { Clock } from '../../server/src/common/clock.js';
import { loadConfig, type AppConfig } from '../../server/src/config/config.js';
import { createTestDatabase, query } from './database.js';
import { REDIS_URL } from './env.js';

export interface TestApp {
  store: RunningStore;
  config: AppConfig;
  url: string;
  databaseUrl: string;
  clock: Clock;
  http: () => ReturnType<typeof request>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Settings every in-process test store shares; tests add their own on top. */
export function testEnv(
  databaseUrl: string,
  prefix: string,
  overrides: Record<string, string> = {},
) {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SWEEP_INTERVAL_MS: '60000',
    DATA_DIR: `/tmp/${prefix}`,
    ...overrides,
  };
}

const builds = {
  storefront: path.resolve('storefront/dist'),
  admin: path.resolve('admin/dist'),
};

/**
 * A whole store (API and worker) in this process, on its own database and Redis prefix.
 * `serveBuilds` also serves the built storefront and console, for browser tests;
 * `routeDatabase` gives the store another way to its database (a relay a test can cut), while
 * the test's own `sql` keeps the direct one.
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  {
    serveBuilds = false,
    routeDatabase = (url: string) => url,
  }: { serveBuilds?: boolean; routeDatabase?: (url: string) => string } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const prefix = `zt${randomBytes(4).toString('hex')}`;
  const config = loadConfig(testEnv(routeDatabase(db.url), prefix, overrides));
  const store = await startStore(
    config,
    serveBuilds ? builds : { storefront: '/nonexistent', admin: '/nonexistent' },
  );
  const url = `http://127.0.0.1:${store.port}`;
  return {
    store,
    config,
    url,
    databaseUrl: db.url,
    clock: store.app.get(Clock),
    http: () => request(url),
    sql: (text, params) => query(db.url, text, params),
    async close() {
      await store.close();
      await db.drop();
      await deleteRedisPrefix(prefix);
    },
  };
}

export function deleteRedisPrefix(prefix: string) {
  return deleteKeys(`${prefix}:*`);
}

/** Forgets the store's rate-limit counters under `key` (a Redis pattern such as `otp-verify:*`). */
export function resetRateLimits(app: TestApp, key: string) {
  return deleteKeys(`${app.config.redisPrefix}:rl:${key}`);
}

/** How many uses the store counted under `key`'s rate-limit counters, summed. */
export async function rateLimitUses(app: TestApp, key: string) {
  return withRedis(async (redis) => {
    let uses = 0;
    for await (const keys of keysMatching(redis, `${app.config.redisPrefix}:rl:${key}`)) {
      for (const count of await redis.mget(...keys)) uses += Number(count ?? 0);
    }
    return uses;
  });
}

function deleteKeys(match: string) {
  return withRedis(async (redis) => {
    for await (const keys of keysMatching(redis, match)) await redis.del(...keys);
  });
}

async function withRedis<T>(use: (redis: Redis) => Promise<T>) {
  const redis = new Redis(REDIS_URL);
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

async function* keysMatching(redis: Redis, match: string) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
    cursor = next;
    if (keys.length) yield keys;
  } while (cursor !== '0');
}
