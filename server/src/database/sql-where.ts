/**
 * The WHERE clause of a raw list query, built condition by condition with numbered parameters,
 * so filters never splice values into SQL.
 */
export class SqlWhere {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  /** Adds `condition`; each `$?` in it is bound to the next of `values`. */
  and(condition: string, ...values: unknown[]): this {
    let next = 0;
    this.conditions.push(
      condition.replace(/\$\?/g, () => {
        this.params.push(values[next++]);
        return `$${this.params.length}`;
      }),
    );
    return this;
  }

  /** The next parameter's placeholder, for LIMIT/OFFSET after the conditions. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** LIMIT and OFFSET placeholders after the conditions', leaving `params` to a count query. */
  page(limit: number, offset: number): { sql: string; params: unknown[] } {
    const next = this.params.length;
    return {
      sql: `LIMIT $${next + 1} OFFSET $${next + 2}`,
      params: [...this.params, limit, offset],
    };
  }

  /**
   * `column` equal to one of `values` (cast to `sqlType`): `=` for a single value, which lets an
   * index led by the column be walked in the order of its next columns; `= ANY` otherwise.
   */
  oneOf(column: string, sqlType: string, values: unknown[]): this {
    return values.length === 1
      ? this.and(`${column} = $?::${sqlType}`, values[0])
      : this.and(`${column} = ANY($?::${sqlType}[])`, values);
  }

  toString(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

/** A filtered list matching at most this many rows is filtered first, then sorted. */
const FILTER_FIRST_MAX = 50_000;

/** Where a page starts: after the row `after` (an id) in the list's order, when set. */
export interface PageSeek {
  after?: string;
  /** False when the sort column may hold NULL, which a row comparison cannot seek past. */
  seekable: boolean;
  /**
   * The filter bounds the sort column itself (a page by number read from its day, a date range
   * newest first): the sort's index is walked from the bound, never the matches sorted.
   */
  walkSort?: boolean;
}

/**
 * One page of `table`'s rows matching `where`, in `order` (`<column> <dir>, id <dir>`): the
 * page's ids first, from the sort's index alone, then only those rows, so a deep page skips index
 * entries rather than whole rows. When the filter matches few rows (`matching`, counted before),
 * they are found through the filter's own index and sorted, rather than the sort's index walked
 * until enough of them turn up (a date range months back would read every newer row).
 *
 * With `seek.after` (the last row of the page before, as the console passes it) the page is a
 * keyset seek from that row in the sort's index, so page 20,000 costs what page 2 costs; an
 * `after` row that no longer exists gives an empty page.
 */
export function pageSql(
  table: string,
  where: SqlWhere,
  sortColumn: string,
  sortOrder: 'ASC' | 'DESC',
  matching: number,
  limit: number,
  offset: number,
  seek: PageSeek = { seekable: false },
): string {
  const order = `${sortColumn} ${sortOrder}, id ${sortOrder}`;
  const filterFirst = where.toString() !== '' && matching <= FILTER_FIRST_MAX && !seek.walkSort;
  const keyset = seek.after !== undefined && seek.seekable;
  const seekFrom = keyset
    ? `(${sortColumn}, id) ${sortOrder === 'DESC' ? '<' : '>'} ` +
      `(SELECT ${sortColumn}, id FROM ${table} WHERE id = ${where.bind(seek.after)}::uuid)`
    : undefined;
  const page = `LIMIT ${where.bind(limit)} OFFSET ${where.bind(keyset ? 0 : offset)}`;
  const ids = filterFirst
    ? `WITH matches AS MATERIALIZED (SELECT id, ${sortColumn} FROM ${table} ${where})
       SELECT id FROM matches ${seekFrom ? `WHERE ${seekFrom}` : ''} ORDER BY ${order} ${page}`
    : `SELECT id FROM ${table} ${where}${seekFrom ? ` ${where.toString() ? 'AND' : 'WHERE'} ${seekFrom}` : ''}
       ORDER BY ${order} ${page}`;
  return `SELECT ${table}.* FROM (${ids}) page JOIN ${table} USING (id) ORDER BY ${order}`;
}

/** Far longer than any transaction of the store lasts (its statements time out in 15 s). */
const UPDATED_BEFORE_PLACED_MS = 3_600_000;

/**
 * What a filter on `updated_at` (`from` <= updated_at < `until`) tells of `created_at` for the
 * rows a page shows, newest first: both are the database's `now()` of their transaction, so a
 * matching row was placed before `until` (or just after, by a transaction that started before
 * it and then updated it: `UPDATED_BEFORE_PLACED_MS` covers any); and while the page lies among the `placedFrom`
 * matching rows placed since `from` (which come first, newest first), the page is read from
 * those alone. Answers whether the newest-first index may then be walked between the bounds
 * (`PageSeek.walkSort`) instead of every matching row being sorted: not when the page lies
 * beyond the rows placed since `from`, which would walk the whole older history.
 */
export function placedWithin(
  where: SqlWhere,
  range: { from?: Date; until?: Date },
  page: { offset: number; limit: number; placedFrom: number },
): boolean {
  if (range.until) {
    where.and('created_at < $?', new Date(range.until.getTime() + UPDATED_BEFORE_PLACED_MS));
  }
  if (!range.from) return true;
  if (page.offset + page.limit > page.placedFrom) return false;
  where.and('created_at >= $?', range.from);
  return true;
}
