/** A statement and its parameters, numbered `$1`, `$2`, … from its own first. */
export interface Statement {
  sql: string;
  parameters: unknown[];
}

const FIRST_WITH = /^\s*WITH\s/i;

/**
 * `statement` with `companions` written in the same round trip, each a data-modifying CTE ahead
 * of it. On the order path a round trip costs more than the row it writes (`bench/
 * order-path-results.md`), so writes that travel together are sent together while each module
 * keeps its own SQL. A companion shares the statement's snapshot and fate: it must not read what
 * the statement writes, and an error in either rolls back both. Placeholders are renumbered, so
 * no companion may hold a `$` outside its placeholders.
 */
export function withCompanions(statement: Statement, companions: Statement[]): Statement {
  if (companions.length === 0) return statement;
  const parameters: unknown[] = [];
  const ctes = [...companions, statement].map((part) => {
    const offset = parameters.length;
    parameters.push(...part.parameters);
    return part.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const main = ctes.pop()!;
  const heads = ctes.map((sql, index) => `companion_${index + 1} AS (${sql.trim()})`).join(',\n');
  const sql = FIRST_WITH.test(main)
    ? `WITH ${heads},\n${main.replace(FIRST_WITH, '')}`
    : `WITH ${heads}\n${main}`;
  return { sql, parameters };
}
