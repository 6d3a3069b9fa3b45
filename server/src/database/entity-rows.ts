import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * The entity of a row a raw statement answered (a guarded `UPDATE ... RETURNING *`, a keyset
 * page): each column read as the entity declares it (its property, type and transformer), so
 * the SQL kept for its own reasons still hands out entities.
 */
export function entityFromRow<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  row: Record<string, unknown>,
): T {
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    if (column.databaseName in row) {
      column.setEntityValue(entity, driver.prepareHydratedValue(row[column.databaseName], column));
    }
  }
  return entity;
}
