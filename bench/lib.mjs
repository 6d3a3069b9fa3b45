/**
 * What the benchmarks share: a throw-away database and Redis prefix, store processes started
 * from the build, shoppers with Z-Coins posted through the ledger, and percentiles.
 */
import { Redis } from 'ioredis';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DATABASE_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The demo accounts' password, which the bench shoppers share. */
export const SHOPPER_PASSWORD = 'User@12345';

export function databaseUrl(name) {
  const url = new URL(DATABASE_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database, Redis prefix and data directory for one run; `drop()` removes all three. */
export async function createScratch() {
  const name = `zstore_bench_${randomBytes(4).toString('hex')}`;
  await withClient(DATABASE_ADMIN_URL, (client) => client.query(`CREATE DATABASE ${name}`));
  const scratch = {
    name,
    url: databaseUrl(name),
    redisPrefix: `zbench${randomBytes(3).toString('hex')}`,
    dataDir: `/tmp/${name}`,
    async drop() {
      await withClient(DATABASE_ADMIN_URL, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
      await deleteRedisKeys(scratch.redisPrefix);
      await rm(scratch.dataDir, { recursive: true, force: true });
    },
  };
  return scratch;
}

export async function deleteRedisKeys(prefix) {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * The environment of a built store process on the scratch database, with the per-user limits
 * raised so a benchmark measures the work rather than the throttle.
 */
export function storeEnv(scratch, overrides = {}) {
  return {
    NODE_ENV: 'development',
    DATABASE_URL: scratch.url,
    REDIS_URL,
    REDIS_PREFIX: scratch.redisPrefix,
    DATA_DIR: scratch.dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_USER_ACTIONS: '100000000/60',
    RATE_LIMIT_LOGIN: '1000/60',
    ...overrides,
  };
}

/**
 * Starts `node <args>` from the repository root and resolves once it prints `readyText` (or
 * sends 'ready' over IPC). The end of what it prints is kept in `child.output`.
 */
export function start(args, env, readyText) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.output = '';
    let ready = false;
    const onData = (chunk) => {
      // The last 64 KB is enough to say why a store failed, and a long run prints without end.
      child.output = (child.output + chunk.toString()).slice(-65_536);
      if (!ready && readyText && child.output.includes(readyText)) {
        ready = true;
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('message', (message) => message === 'ready' && resolve(child));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${child.output}`)));
  });
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  // The start-up rejection goes first; the listener added after it sees the exit.
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Clock ticks a second of Linux's `/proc/<pid>/stat` CPU times. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU of a local process, in ms; null when it cannot be read. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may hold spaces, start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The command name of a local process, or '' when there is none. */
function processName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * The CPU used so far by a started store (`child`) and by the PostgreSQL backends serving its
 * database (`database`), in ms, or null where it cannot be read (PostgreSQL on another machine).
 * Two samples around a run give the CPU each side spent on it: a steadier measure on a shared
 * machine than requests a second, which also move with what the other processes do.
 */
export async function cpuSample(child, database) {
  const { rows } = await withClient(DATABASE_ADMIN_URL, (client) =>
    client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]),
  );
  const backends = new Map();
  for (const { pid } of rows) {
    const ms = processName(pid) === 'postgres' ? cpuMs(pid) : null;
    if (ms !== null) backends.set(pid, ms);
  }
  // None read while some serve it: PostgreSQL runs on another machine.
  return { store: cpuMs(child.pid), backends: rows.length && !backends.size ? null : backends };
}

/** CPU ms a unit of work between two `cpuSample`s, for the store and for PostgreSQL. */
export function cpuPerUnit(before, after, units) {
  const per = (ms) => (units > 0 && ms !== null ? ms / units : null);
  let database = null;
  if (before.backends && after.backends) {
    database = 0;
    // A backend that started during the run counts from zero; one that ended is not seen.
    for (const [pid, ms] of after.backends) database += ms - (before.backends.get(pid) ?? 0);
  }
  return {
    store: per(before.store !== null && after.store !== null ? after.store - before.store : null),
    database: per(database),
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Credits `paise` of Z-Coins to each wallet as one balanced admin movement under `key`. */
export async function creditWallets(client, key, userids, paise) {
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO ledger_movements (key, kind, reference) VALUES ($1, 'admin_credit', 'bench')`,
    [key],
  );
  await client.query(
    `INSERT INTO ledger_entries (movement_key, account, currency, amount, kind, reference)
     SELECT $1, 'wallet:' || u, 'ZCOIN'::ledger_currency, $3::bigint, 'admin_credit', 'bench' FROM unnest($2::bigint[]) AS u
     UNION ALL SELECT $1, 'system:admin', 'ZCOIN'::ledger_currency, -$3::bigint * $4::bigint, 'admin_credit', 'bench'`,
    [key, userids, paise, userids.length],
  );
  await client.query('UPDATE users SET balance = balance + $2 WHERE userid = ANY($1::bigint[])', [
    userids,
    paise,
  ]);
  await client.query('COMMIT');
}

/**
 * `count` verified shoppers (the demo user's password, a 10-digit mobile number for UPI), each
 * credited `paise` of Z-Coins. Returns their userids and e-mails (`<prefix><n>@example.com`;
 * another prefix lets a kept database take more shoppers).
 */
export async function createShoppers(client, count, paise, prefix = 'bench') {
  const { rows } = await client.query(
    `INSERT INTO users (name, email, mobilenumber, password_hash, verified)
     SELECT 'Bench ' || n, $2 || n || '@example.com', '8' || lpad((abs(hashtext($2)) % 1000)::text, 3, '0') || lpad(n::text, 6, '0'),
            (SELECT password_hash FROM users WHERE email = 'user@example.com'), true
     FROM generate_series(1, $1::int) AS n RETURNING userid, email`,
    [count, prefix],
  );
  await creditWallets(
    client,
    `${prefix}-shoppers`,
    rows.map((row) => Number(row.userid)),
    paise,
  );
  return rows;
}

/** `count` shoppers with `paise` of Z-Coins each (`createShoppers`), signed in one after another. */
export async function signedInShoppers(base, databaseUrl, count, paise) {
  const shoppers = await withClient(databaseUrl, (client) => createShoppers(client, count, paise));
  const sessions = [];
  for (const shopper of shoppers) sessions.push(await login(base, shopper.email));
  return sessions;
}

/**
 * Autocannon options for POSTs to `url` where each connection is one of `sessions` (taken in
 * turn), signed in, with the body `bodyOf(session)` gives it.
 */
export function postsFromEachSession(sessions, url, bodyOf) {
  let next = 0;
  return {
    url,
    method: 'POST',
    setupClient: (client) => {
      const session = sessions[next++ % sessions.length];
      client.setHeaders({
        'content-type': 'application/json',
        authorization: `Bearer ${session.token}`,
      });
      client.setBody(bodyOf(session));
    },
  };
}

/** Logs in through the API; returns `{ token, user }`. */
export async function login(base, email, password = SHOPPER_PASSWORD) {
  const answer = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`login ${email}: HTTP ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/** A ₹1 pack in a product of its own, delivered by hand (no supplier call). */
export async function createBenchPack(client) {
  const { rows } = await client.query(
    `INSERT INTO items (name, originalprice, discountedprice, resellprice) VALUES ('Bench pack', 100, 100, 100) RETURNING id, itemid`,
  );
  const product = await client.query(
    `INSERT INTO products (name, type, category, imgpath, inputs, items)
     VALUES ('Bench product', 'OTHER', 'games', '/x.svg', '[{"label":"ID"},{"label":"Name"}]', $1) RETURNING id`,
    [[Number(rows[0].itemid)]],
  );
  return { id: rows[0].id, itemid: Number(rows[0].itemid), productId: product.rows[0].id };
}

/** The JSON body of a Z-Coins order for the bench pack by the user with `userid`. */
export function walletOrderBody(pack, userid) {
  return JSON.stringify({
    itemid: pack.itemid,
    item_id: pack.id,
    product_id: pack.productId,
    userid,
    input1: '12345678',
    input2: 'Bench',
    paymentmode: 'wallet',
  });
}

/**
 * The ledger's invariants on a store's database: the entries' sum (0), the cached balances and
 * the wallet entries (equal), the wallets whose balance is out of step with their entries (none).
 */
export async function ledgerState(url) {
  const { rows } = await withClient(url, (client) =>
    client.query(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS total,
              (SELECT sum(balance) FROM users)::text AS balances,
              (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account LIKE 'wallet:%')::text AS wallet_entries,
              (SELECT count(*) FROM users u WHERE u.balance <> (SELECT coalesce(sum(e.amount), 0)
                 FROM ledger_entries e WHERE e.account = 'wallet:' || u.userid AND e.currency = 'ZCOIN'))::int AS mismatched`,
    ),
  );
  const { total, balances, wallet_entries: walletEntries, mismatched } = rows[0];
  return {
    total,
    balances,
    walletEntries,
    mismatched,
    ok: total === '0' && balances === walletEntries && mismatched === 0,
  };
}
