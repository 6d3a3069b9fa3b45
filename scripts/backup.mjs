// `npm run backup`: a pg_dump of DATABASE_URL (custom format) into BACKUP_DIR.
// `npm run restore -- <file>`: pg_restore of such a dump into DATABASE_URL (docs/runbook.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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
  console.log(`Restored ${file}`);
} else {
  fail(`Unknown command ${command}: backup or restore`);
}
