import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { DataSource } from 'typeorm';
import { LeaseEntity } from './lease.entity.js';

export interface LeaseOptions {
  /** `false` answers `undefined` at once when someone else holds the lease. */
  wait?: boolean;
  /** How long the lease outlives its holder's last renewal (renewed every third of it). */
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 30_000;
const instance = `${os.hostname()}-${process.pid}`;

/**
 * Runs `fn` while holding the lease row `name`, a lock with a deadline by the database's clock.
 * Every statement is a transaction of its own, so it works through a transaction-mode pooler,
 * and a holder that stops (frozen, cut off) loses the lease once it runs out instead of holding
 * it forever, as a session advisory lock would.
 */
export async function withLease<T>(
  db: DataSource,
  name: string,
  fn: () => Promise<T>,
  { wait = true, leaseMs = DEFAULT_LEASE_MS }: LeaseOptions = {},
): Promise<T | undefined> {
  const holder = `${instance}-${randomUUID()}`;
  while (!(await claim(db, name, holder, leaseMs))) {
    if (!wait) return undefined;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, leaseMs / 4)));
  }
  const renewal = setInterval(() => {
    // A failed renewal is retried a third of a lease later; the lease lapses only if all fail.
    renew(db, name, holder, leaseMs).catch(() => undefined);
  }, leaseMs / 3);
  try {
    return await fn();
  } finally {
    clearInterval(renewal);
    // When the database cannot be reached the lease simply runs out.
    await db
      .getRepository(LeaseEntity)
      .delete({ name, holder })
      .catch(() => undefined);
  }
}

/** SQL: one guarded upsert takes a free or lapsed lease by the database's clock, never a live one. */
async function claim(db: DataSource, name: string, holder: string, leaseMs: number) {
  const rows = await db.query<unknown[]>(
    `INSERT INTO leases (name, holder, expires_at)
     VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3 / 1000.0))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
     WHERE leases.expires_at < clock_timestamp()
     RETURNING holder`,
    [name, holder, leaseMs],
  );
  return rows.length === 1;
}

/** SQL: the deadline moves by the database's clock, for the holder only. */
async function renew(db: DataSource, name: string, holder: string, leaseMs: number) {
  await db.query(
    `UPDATE leases SET expires_at = clock_timestamp() + make_interval(secs => $3 / 1000.0)
     WHERE name = $1 AND holder = $2`,
    [name, holder, leaseMs],
  );
}
