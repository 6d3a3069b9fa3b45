import type { DataSource } from 'typeorm';

/**
 * A running tally kept by triggers (see the ScaleIndexes migration): `table` holds the folded
 * sums by `keys`; `changes` the rows the triggers append, not yet folded in.
 */
export interface Tally {
  table: string;
  changes: string;
  keys: string[];
  sums: string[];
}

/** Folding waits until this many changes are pending; reads add the pending ones anyway. */
const FOLD_AFTER = 1_000;

/** The tally's rows with its pending changes beside them, for a query to sum: exact as of now. */
export function tallyRows(tally: Tally): string {
  const columns = [...tally.keys, ...tally.sums].join(', ');
  return `(SELECT ${columns} FROM ${tally.table} UNION ALL SELECT ${columns} FROM ${tally.changes})`;
}

/**
 * Folds the pending changes into the tally in one statement, once enough are pending and no
 * other reader is folding (a transaction advisory lock, never waited for). The fold deletes the
 * changes and adds them to the tally atomically, so a read sees either both or neither.
 */
export async function foldTally(db: DataSource, tally: Tally): Promise<void> {
  const [{ pending }] = await db.query<Array<{ pending: boolean }>>(
    `SELECT EXISTS (SELECT 1 FROM ${tally.changes} OFFSET ${FOLD_AFTER}) AS pending`,
  );
  if (!pending) return;
  await db.transaction(async (manager) => {
    const [{ folding }] = await manager.query<Array<{ folding: boolean }>>(
      'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS folding',
      [tally.table],
    );
    if (!folding) return;
    const keys = tally.keys.join(', ');
    const sums = tally.sums.map((sum) => `sum(${sum})`).join(', ');
    const adds = tally.sums.map((sum) => `${sum} = ${tally.table}.${sum} + excluded.${sum}`);
    await manager.query(
      `WITH folded AS (DELETE FROM ${tally.changes} RETURNING ${[...tally.keys, ...tally.sums].join(', ')})
       INSERT INTO ${tally.table} (${[...tally.keys, ...tally.sums].join(', ')})
       SELECT ${keys}, ${sums} FROM folded GROUP BY ${keys} ORDER BY ${keys}
       ON CONFLICT (${keys}) DO UPDATE SET ${adds.join(', ')}`,
    );
  });
}
