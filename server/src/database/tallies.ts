import type { DataSource } from 'typeorm';
import { placedWithin, type SqlWhere } from './sql-where.js';

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

/** Where a row offset of a newest-first list falls in a tally kept per India day. */
export interface DayOfOffset {
  /** The India day (YYYY-MM-DD) placed on which the row at the offset was. */
  day: string;
  /** How many of the list's rows were placed on later days. */
  newer: number;
}

/**
 * The day of a tally with a `day` key that holds row `offset` of the newest-first list the
 * tally counts (`where` on the tally's other keys), from the tally alone: a page by number is
 * then read from that day's end, skipping `offset - newer` rows (at most a day's) instead of
 * `offset`. Undefined when the list has no row at `offset`.
 */
export async function dayOfOffset(
  db: DataSource,
  tally: Tally,
  where: { params: unknown[]; toString(): string },
  offset: number,
): Promise<DayOfOffset | undefined> {
  const [count] = tally.sums;
  const [found] = await db.query<DayOfOffset[]>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, (through - n)::float8 AS newer
     FROM (SELECT day, n, sum(n) OVER (ORDER BY day DESC) AS through
           FROM (SELECT day, sum(${count}) AS n FROM ${tallyRows(tally)} tally ${where.toString()} GROUP BY day) days) run
     WHERE through > $${where.params.length + 1}
     ORDER BY day DESC LIMIT 1`,
    [...where.params, offset],
  );
  return found;
}

/** The SQL condition "placed before the end of the India day `$?`", for `SqlWhere.and`. */
export const PLACED_BY_DAY_END = `created_at < (($?::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`;

/**
 * Where a page of a newest-first list starts, narrowing `where`: a page by number of the whole
 * list, or of a list filtered on the tally's other keys only (`tallied`), from the end of the
 * India day `tally` places its first row on (`dayOfOffset`); a page of a date range from the
 * rows placed within it (`placedWithin`). Answers the rows still to skip and whether the
 * newest-first index may be walked; undefined when the list has no such page.
 */
export async function seekNewestPage(
  db: DataSource,
  tally: Tally,
  where: SqlWhere,
  page: {
    offset: number;
    limit: number;
    keyset: boolean;
    unfiltered: boolean;
    /** `where` names only the tally's keys (or nothing): the tally counts the list's rows. */
    tallied: boolean;
    onlyDates: boolean;
    placedFrom: number;
    range: { from?: Date; until?: Date };
  },
): Promise<{ skip: number; walkSort: boolean } | undefined> {
  const { offset, limit, placedFrom } = page;
  if (page.tallied && !page.keyset && offset > 0) {
    await foldTally(db, tally);
    const start = await dayOfOffset(db, tally, where, offset);
    if (!start) return undefined;
    where.and(PLACED_BY_DAY_END, start.day);
    return { skip: offset - start.newer, walkSort: true };
  }
  // A tallied key has a newest-first index of its own: walked, never every match sorted.
  if (page.tallied) return { skip: offset, walkSort: true };
  if (page.onlyDates && !page.unfiltered) {
    return {
      skip: offset,
      walkSort: placedWithin(where, page.range, { offset, limit, placedFrom }),
    };
  }
  return { skip: offset, walkSort: false };
}
