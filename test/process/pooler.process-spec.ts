import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate } from '../../server/src/database/data-source.js';
import { migrations } from '../../server/src/database/migrations/index.js';
import { query } from '../utils/database.js';
import { TEST_DATABASE_URL } from '../utils/env.js';
import { ledgerProblems } from '../utils/ledger.js';
import { startPgBouncer } from '../utils/pgbouncer.js';
import { StoreProcesses, waitFor } from '../utils/process.js';
import { SWEEP_JOBS } from '../utils/sweeps.js';

/** A DESIGN section 9 test player whose Smile.one purchases are delivered, and its zone. */
const PLAYER = { input1: '51234567', input2: '1234' };

/** Advisory locks held in one database (a lock left behind by a pooled connection shows here). */
const advisoryLocks = async (url: string, database: string) =>
  (
    await query<{ held: number }>(
      url,
      `SELECT count(*)::int AS held FROM pg_locks l JOIN pg_database d ON d.oid = l.database
       WHERE l.locktype = 'advisory' AND d.datname = $1`,
      [database],
    )
  )[0].held;

/**
 * The store behind PgBouncer in transaction mode (DESIGN: correct behind a transaction-mode
 * pooler): each transaction may run on another server connection, so no lock, timeout or other
 * setting may live in a session. The store boots, migrates, sells and sweeps through it.
 */
describe('behind a transaction-mode pooler', () => {
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
  let store: StoreProcesses;

  beforeEach(async () => {
    bouncer = await startPgBouncer();
    store = await StoreProcesses.start({}, (database) => bouncer.url(database.name));
  });

  afterEach(async () => {
    await store.close();
    await bouncer.stop();
  });

  it('migrates an empty database through the pooler and leaves no lock behind', async () => {
    const name = `zstore_test_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const applied = await migrate(bouncer.url(name));
      expect(applied.map((migration) => migration.name)).toEqual(
        migrations.map((migration) => new migration().name),
      );
      // A second instance starting later finds nothing to do, and is not kept waiting.
      expect(await migrate(bouncer.url(name))).toEqual([]);
      expect(await advisoryLocks(TEST_DATABASE_URL, name)).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);

  it('keeps the statement, lock and idle-in-transaction timeouts in every transaction', async () => {
    const dataSource = new DataSource(
      dataSourceOptions({ url: bouncer.url(store.db.name), poolMax: 3 }),
    );
    await dataSource.initialize();
    try {
      const settings = await Promise.all(
        Array.from({ length: 6 }, () =>
          dataSource.transaction((tx) =>
            tx.query<Array<Record<string, string>>>(
              `SELECT current_setting('statement_timeout') AS statement,
                      current_setting('lock_timeout') AS lock,
                      current_setting('idle_in_transaction_session_timeout') AS idle`,
            ),
          ),
        ),
      );
      for (const [row] of settings) {
        expect(row).toEqual({ statement: '15s', lock: '10s', idle: '30s' });
      }
    } finally {
      await dataSource.destroy();
    }
  }, 60_000);

  it('sells a burst of orders, delivers them and runs every sweep, with the ledger whole', async () => {
    const busy = {
      DELIVERY_ENABLED: 'true',
      RATE_LIMIT_USER_ACTIONS: '100000/60',
      SWEEP_INTERVAL_MS: '1000',
    };
    const { url } = await store.startApi('api', busy);
    await store.startWorker('worker', { ...busy, SANDBOX_URL: `${url}/sandbox` });
    const [{ booted }] = await store.sql<{ booted: Date }>('SELECT now() AS booted');

    const clients = store.clients();
    const item = await clients.catalogItem('Mobile Legends (Brazil server)', '86 Diamonds');
    const shoppers = await clients.newShoppers(6);
    for (const shopper of shoppers) await clients.credit(url, shopper, 100_000);
    const answers = await Promise.all(
      shoppers.flatMap((shopper) =>
        Array.from({ length: 4 }, () =>
          clients.walletOrder(url, shopper, item, randomUUID(), PLAYER),
        ),
      ),
    );
    expect(answers.filter((answer) => !('status' in answer) || answer.status !== 200)).toEqual([]);

    await waitFor(
      async () => {
        const [row] = await clients.sql<{ open: number }>(
          `SELECT count(*)::int AS open FROM orders WHERE status <> 'Completed'`,
        );
        return row.open === 0;
      },
      90_000,
      'every order to be delivered',
    );
    const [{ orders }] = await clients.sql<{ orders: number }>(
      'SELECT count(*)::int AS orders FROM orders',
    );
    expect(orders).toBe(answers.length);
    expect(await ledgerProblems(store.db.url)).toEqual([]);

    // Every sweep ran again and again (a lock left on a pooled connection would skip it).
    let short: string[] = [];
    await waitFor(
      async () => {
        const rows = await clients.sql<{ job_name: string; runs: number }>(
          `SELECT job_name, count(*)::int AS runs FROM scheduled_runs
           WHERE started_at > $1 AND finished_at IS NOT NULL GROUP BY job_name`,
          [booted],
        );
        const runs = new Map(rows.map((row) => [row.job_name, row.runs]));
        short = SWEEP_JOBS.filter((name) => (runs.get(name) ?? 0) < 5);
        return short.length === 0;
      },
      60_000,
      'five runs of every sweep',
    ).catch((error: Error) => {
      throw new Error(`${error.message}; short: ${short.join(', ')}`);
    });
    expect(await advisoryLocks(store.db.url, store.db.name)).toBe(0);
  }, 240_000);
});
