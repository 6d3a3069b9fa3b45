import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startStore, type RunningStore } from '../../server/src/bootstrap.js';
import { loadConfig } from '../../server/src/config/config.js';
import { deleteRedisPrefix, testEnv } from '../utils/app.js';
import { createTestDatabase, query } from '../utils/database.js';
import { freePort } from '../utils/process.js';
import { waitFor } from '../utils/wait.js';

/** A GET's status, or `refused` when nothing listens yet. */
async function statusOf(url: string) {
  try {
    const response = await fetch(url);
    return { status: response.status, body: (await response.json()) as Record<string, unknown[]> };
  } catch {
    return { status: 'refused' as const };
  }
}

/**
 * The first boot seeds an empty database. A client that waits for readiness and then reads the
 * catalogue must get the seeded catalogue, and a read made while the seed runs must not leave an
 * empty catalogue in the cache for later reads.
 */
describe('the first boot', () => {
  it('is not ready while it seeds, and serves the seeded catalogue after', async () => {
    const db = await createTestDatabase();
    const prefix = `zt${randomBytes(4).toString('hex')}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The seed writes the catalogue in one transaction; this lock holds it at its first product.
    const blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE products IN SHARE MODE');
    let store: RunningStore | undefined;
    const starting = startStore(loadConfig(testEnv(db.url, prefix, { PORT: String(port) })), {
      storefront: '/nonexistent',
      admin: '/nonexistent',
    }).then((started) => (store = started));
    try {
      await waitFor(
        async () =>
          (
            await query<{ waiting: number }>(
              db.url,
              `SELECT count(*)::int AS waiting FROM pg_locks
               WHERE relation = 'products'::regclass AND NOT granted`,
              [],
            )
          )[0].waiting > 0,
        30_000,
        'the seed to reach the products table',
      );

      const healthDuring = (await statusOf(`${base}/api/health`)).status;
      const during = await statusOf(`${base}/api/product/gethomeproducts`);

      await blocker.query('COMMIT');
      await starting;
      expect((await statusOf(`${base}/api/health`)).status).toBe(200);
      const after = await statusOf(`${base}/api/product/gethomeproducts`);
      expect(after.status).toBe(200);
      const [{ products }] = await query<{ products: number }>(
        db.url,
        'SELECT count(*)::int AS products FROM products WHERE instock',
      );
      expect(products).toBeGreaterThan(0);
      expect(Object.values(after.body!).flat().length).toBeGreaterThan(0);
      // While the seed ran, nothing said the store was ready, nor served a catalogue.
      expect(healthDuring).not.toBe(200);
      expect(during.status).not.toBe(200);
    } finally {
      await blocker.end().catch(() => undefined);
      await starting.catch(() => undefined);
      await store?.close();
      await db.drop();
      await deleteRedisPrefix(prefix);
    }
  }, 120_000);
});
