import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { JobName } from '../../server/src/jobs/job.enum.js';
import { DeliveryService } from '../../server/src/modules/delivery/delivery.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { createTestDatabase, query } from '../utils/database.js';
import { databaseUrl, TEST_DATABASE_URL } from '../utils/env.js';
import { catalogEntry, expectLedgerConsistent } from '../e2e/money.helpers.js';
import {
  moogoldOrders,
  placeWalletOrder,
  smileOrders,
  testPlayer,
  waitFor,
} from '../e2e/supplier.helpers.js';

const root = path.resolve(import.meta.dirname, '../..');

function npmScript(script: string, env: Record<string, string>, ...args: string[]) {
  return spawnSync('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `npm run backup` and `npm run restore`, as docs/runbook.md tells the admin to use them. */
describe('backup and restore', () => {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zstore-backups-'));
  const empty = `zstore_restore_${randomBytes(5).toString('hex')}`;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    await admin(`CREATE DATABASE ${empty}`);
  });
  afterAll(async () => {
    await db.drop();
    await admin(`DROP DATABASE IF EXISTS ${empty} WITH (FORCE)`);
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  const users = (url: string) =>
    query<{ email: string; mobilenumber: string }>(
      url,
      'SELECT email, mobilenumber FROM users ORDER BY email',
    );

  it('a dump restores lost rows in place, and a whole store into an empty database', async () => {
    await query(
      db.url,
      `INSERT INTO users (name, email, mobilenumber, role, verified) VALUES
         ('Backup One', 'backup.one@example.com', '8000000001', 'user', true),
         ('Backup Two', 'backup.two@example.com', '8000000002', 'user', true)`,
    );
    const before = await users(db.url);
    expect(before).toHaveLength(2);

    const backup = npmScript('backup', { DATABASE_URL: db.url, BACKUP_DIR: backupDir });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const file = backup.stdout.trim().split('\n').pop()!;
    expect(path.dirname(file)).toBe(backupDir);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    // A row lost after the backup comes back with the restore.
    await query(db.url, `DELETE FROM users WHERE email = 'backup.two@example.com'`);
    expect(await users(db.url)).toHaveLength(1);
    const inPlace = npmScript('restore', { DATABASE_URL: db.url }, file);
    expect(inPlace.status).toBe(0);
    expect(await users(db.url)).toEqual(before);

    // A new machine: an empty database gets the schema, the migrations record and the data.
    const fresh = databaseUrl(empty);
    const whole = npmScript('restore', { DATABASE_URL: fresh }, file);
    expect(whole.status).toBe(0);
    expect(await users(fresh)).toEqual(before);
    const migrations = (url: string) =>
      query<{ name: string }>(url, 'SELECT name FROM migrations ORDER BY id');
    expect(await migrations(fresh)).toEqual(await migrations(db.url));
  });

  it('refuses to run without DATABASE_URL, and a restore without a file', () => {
    const noDatabase = npmScript('backup', { DATABASE_URL: '', BACKUP_DIR: backupDir });
    expect(noDatabase.status).toBe(1);
    expect(noDatabase.stderr).toMatch(/DATABASE_URL is not set/);
    const noFile = npmScript(
      'restore',
      { DATABASE_URL: db.url },
      path.join(backupDir, 'missing.dump'),
    );
    expect(noFile.status).toBe(1);
    expect(noFile.stderr).toMatch(/Usage: npm run restore/);
  });
});

/**
 * RELIABILITY rule 15: a backup taken while paid orders were queued, the orders then delivered,
 * the backup restored into a new database and a store started on it as docs/runbook.md says.
 * The suppliers (here the first store's simulators, which remember every purchase) must not
 * sell any pack a second time: Smile.one's packs wait for the admin, MooGold's are found again
 * by our reference.
 */
describe('a restore older than the deliveries', () => {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zstore-backups-'));
  const restored = `zstore_restore_${randomBytes(5).toString('hex')}`;
  let before: TestApp;
  let after: TestApp | undefined;

  beforeAll(async () => {
    // Deliveries paused: paid orders stay queued while the backup is taken.
    before = await startTestApp({
      DELIVERY_ENABLED: 'false',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
    });
    await admin(`CREATE DATABASE ${restored}`);
  });
  afterAll(async () => {
    await after?.close();
    await before.close();
    await admin(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('buys no pack a second time: Smile.one packs wait for the admin, MooGold ones are found by reference', async () => {
    const brazil86 = await catalogEntry(before, 'Mobile Legends (Brazil server)', '86 Diamonds');
    const genshin60 = await catalogEntry(before, 'Genshin Impact', '60 Genesis Crystals');
    const smilePlayers = [testPlayer('61'), testPlayer('62')];
    const mooPlayer = testPlayer('63');
    const orderids: string[] = [];
    for (const input1 of smilePlayers) {
      orderids.push(
        (await placeWalletOrder(before, brazil86, { input1, input2: '1001', balance: 1_000_00 }))
          .orderid,
      );
    }
    const mooOrder = (
      await placeWalletOrder(before, genshin60, {
        input1: mooPlayer,
        input2: 'Asia',
        balance: 1_000_00,
      })
    ).orderid;

    const backup = npmScript('backup', { DATABASE_URL: before.databaseUrl, BACKUP_DIR: backupDir });
    expect(backup.status).toBe(0);
    const file = backup.stdout.trim().split('\n').pop()!;

    // After the backup every order is delivered.
    const delivery = before.store.app.get(DeliveryService);
    for (const orderid of [...orderids, mooOrder]) {
      const [{ generation }] = await before.sql<{ generation: number }>(
        'SELECT delivery_generation AS generation FROM orders WHERE orderid = $1',
        [orderid],
      );
      expect(await delivery.deliver(orderid, generation)).toBe('done');
    }
    for (const input1 of smilePlayers) expect(await smileOrders(before, input1)).toHaveLength(1);
    expect(await moogoldOrders(before, { playerId: mooPlayer })).toHaveLength(1);

    // The restore into a new database, and a store on it that reaches the same suppliers.
    const restore = npmScript('restore', { DATABASE_URL: databaseUrl(restored) }, file);
    expect(restore.status).toBe(0);
    after = await startTestApp(
      { SWEEP_INTERVAL_MS: '1000', SANDBOX_URL: `${before.url}/sandbox` },
      { routeDatabase: () => databaseUrl(restored) },
    );
    const restoredSql = (sql: string, params: unknown[] = []) =>
      query(databaseUrl(restored), sql, params);

    // MooGold's order is found by our reference and completes without a second purchase.
    await waitFor(
      () => restoredSql('SELECT status FROM orders WHERE orderid = $1', [mooOrder]),
      (rows) => (rows[0] as { status: string }).status === 'Completed',
      30_000,
    );
    expect(await moogoldOrders(before, { playerId: mooPlayer })).toHaveLength(1);

    // Smile.one's orders wait for the admin with their packs unknown; nothing was bought again.
    // (Two more runs of the delivery sweep on the restored database first.)
    const sweeps = async () =>
      (
        (await restoredSql(
          `SELECT count(*)::int AS runs FROM scheduled_runs
           WHERE job_name = $1 AND finished_at IS NOT NULL`,
          [JobName.DeliverySweepPending],
        )) as Array<{ runs: number }>
      )[0].runs;
    const seen = await sweeps();
    await waitFor(sweeps, (runs) => runs >= seen + 2, 20_000);
    const held = (await restoredSql(
      `SELECT o.delivery_status, p.status FROM orders o JOIN supplier_purchases p USING (orderid)
       WHERE o.orderid = ANY($1)`,
      [orderids],
    )) as Array<{ delivery_status: string; status: string }>;
    expect(held).toEqual([
      { delivery_status: 'needs_attention', status: 'unknown' },
      { delivery_status: 'needs_attention', status: 'unknown' },
    ]);
    for (const input1 of smilePlayers) expect(await smileOrders(before, input1)).toHaveLength(1);
    expect(restore.stdout).toMatch(/2 paid Smile.one order\(s\) are held for the admin/);
    await expectLedgerConsistent(after);
  });
});
