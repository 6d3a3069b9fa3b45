import type { EntityManager } from 'typeorm';

/**
 * Runs a guarded `UPDATE ... WHERE <guard> RETURNING ...` and answers the row it changed, or
 * undefined when the guard matched nothing (someone else moved the row first, or it is
 * elsewhere). One reading of "did the guarded move apply?" for every repository.
 */
export async function guardedUpdate<T>(
  tx: EntityManager,
  sql: string,
  params: unknown[],
): Promise<T | undefined> {
  // TypeORM's PostgreSQL driver answers an UPDATE or DELETE with [rows, affected].
  const [rows] = await tx.query<[T[], number]>(sql, params);
  return rows[0];
}
