import pg from 'pg';
import pRetry from 'p-retry';
import { randomBytes } from 'node:crypto';
import { databaseUrl, TEST_DATABASE_URL, templateDb } from './env.js';

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database copied from the migrated template, dropped by `drop()`. */
export async function createTestDatabase() {
  const name = `zstore_test_${randomBytes(5).toString('hex')}`;
  // CREATE DATABASE ... TEMPLATE fails while another session uses the template; retry briefly.
  await withAdmin((client) =>
    pRetry(() => client.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb()}`), {
      retries: 21,
      factor: 1,
      minTimeout: 100,
      randomize: true,
    }),
  );
  const url = databaseUrl(name);
  return {
    name,
    url,
    async drop() {
      await closePool(url);
      await withAdmin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/**
 * A few pooled connections per test database, so hundreds of concurrent set-up queries do not
 * exhaust the server's connections; closed when the database is dropped.
 */
const pools = new Map<string, pg.Pool>();

function poolFor(url: string) {
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({
      connectionString: url,
      max: 5,
      idleTimeoutMillis: 1000,
      allowExitOnIdle: true,
    });
    // A connection ended by DROP DATABASE ... WITH (FORCE) is not an error of the test.
    pool.on('error', () => undefined);
    pools.set(url, pool);
  }
  return pool;
}

async function closePool(url: string) {
  const pool = pools.get(url);
  if (!pool) return;
  pools.delete(url);
  await pool.end();
}

/** A query on a test database, for assertions and for setting up data. */
export async function query<T = Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
) {
  return (await poolFor(url).query(sql, params)).rows as T[];
}
