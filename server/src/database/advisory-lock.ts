import type { DataSource } from 'typeorm';

/**
 * Runs `fn` while holding a session advisory lock on one dedicated connection (a pooled
 * `query()` could unlock on another connection and leave the lock held).
 * `wait: false` returns `undefined` at once when someone else holds it.
 */
export async function withAdvisoryLock<T>(
  db: DataSource,
  name: string,
  fn: () => Promise<T>,
  { wait = true } = {},
): Promise<T | undefined> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    if (wait) {
      await runner.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    } else {
      const [{ locked }] = (await runner.query(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [name],
      )) as Array<{
        locked: boolean;
      }>;
      if (!locked) return undefined;
    }
    try {
      return await fn();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await runner.release();
  }
}
