// `npm run backup`: a pg_dump of DATABASE_URL (custom format) into BACKUP_DIR.
// `npm run restore -- <file>`: pg_restore of such a dump into DATABASE_URL (docs/runbook.md),
// then every Smile.one pack the dump does not show as bought is held for the admin (below).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { onPath, root } from './lib.mjs';

const [command = 'backup', file] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (!databaseUrl) {
  fail(
    'DATABASE_URL is not set: backups are of a real PostgreSQL (the embedded one is for trying the store).',
  );
}
for (const tool of ['pg_dump', 'pg_restore']) {
  if (!onPath(tool)) fail(`${tool} is not on the PATH (apt-get install postgresql-client).`);
}

function runTool(tool, args) {
  const result = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) fail(`${tool} failed (exit ${result.status ?? result.signal}).`);
}

if (command === 'backup') {
  const dir = path.resolve(root, process.env.BACKUP_DIR ?? '.data/backups');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.join(dir, `zstore-${stamp}.dump`);
  // Custom format: compressed, and pg_restore can restore it whole or table by table.
  runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${target}`,
    databaseUrl,
  ]);
  const keep = Number(process.env.BACKUP_KEEP ?? 14);
  const dumps = fs
    .readdirSync(dir)
    .filter((name) => /^zstore-.*\.dump$/.test(name))
    .sort();
  for (const old of dumps.slice(0, Math.max(0, dumps.length - keep)))
    fs.rmSync(path.join(dir, old));
  console.log(target);
} else if (command === 'restore') {
  if (!file || !fs.existsSync(file)) fail('Usage: npm run restore -- <dump file>');
  // --clean --if-exists: the restore replaces what the target database holds.
  runTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
  const held = await holdSmileOnePacks(databaseUrl);
  console.log(`Restored ${file}`);
  if (held > 0) {
    console.log(
      `${held} paid Smile.one order(s) are held for the admin: check each one in Smile.one's order history before settling it (docs/runbook.md).`,
    );
  }
} else {
  fail(`Unknown command ${command}: backup or restore`);
}

/**
 * A dump is older than the suppliers' records: a pack it shows as not bought yet may have been
 * bought since. MooGold packs are safe (the purchase carries our reference, found again before
 * buying), but Smile.one takes no reference of ours and has no order lookup, so every Smile.one
 * pack of a paid order that the dump does not show as bought becomes `unknown` and its order
 * waits for the admin, who settles each pack from Smile.one's order history. Nothing is bought
 * for them until then. Answers how many orders were held.
 */
async function holdSmileOnePacks(url) {
  const reason =
    "Restored from a backup taken before this pack's outcome was known: check Smile.one's order history before settling it.";
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO supplier_purchases (orderid, pack, supplier, product_ref, reference, status, error)
       SELECT o.orderid, p.pack, 'smileone', p.ref, o.orderid || '-' || p.pack, 'unknown', $1
       FROM orders o CROSS JOIN LATERAL unnest(o.itemidarray) WITH ORDINALITY AS p(ref, pack)
       WHERE o.status = 'Processing' AND o.is_api AND o.api_type IN ('SMILEBR', 'SMILEPH')
       ON CONFLICT (orderid, pack) DO UPDATE SET status = 'unknown', error = EXCLUDED.error,
         updated_at = now()
       WHERE supplier_purchases.status IN ('reserved', 'sent')`,
      [reason],
    );
    const { rowCount } = await client.query(
      `UPDATE orders SET delivery_status = 'needs_attention', attention = $1, updated_at = now()
       WHERE status = 'Processing' AND is_api
         AND orderid IN (SELECT orderid FROM supplier_purchases WHERE status = 'unknown' AND error = $1)`,
      [reason],
    );
    await client.query('COMMIT');
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}
