import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { createTestDatabase, query } from '../utils/database.js';
import { databaseUrl, TEST_DATABASE_URL } from '../utils/env.js';

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
