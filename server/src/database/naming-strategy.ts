import { DefaultNamingStrategy, type NamingStrategyInterface } from 'typeorm';

function snake(name: string) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * camelCase in code, snake_case in the database: entities name their properties as the code
 * reads them and the columns come out as the migrations wrote them. An explicit `name` on a
 * column or table still wins.
 */
export class SnakeNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  override tableName(targetName: string, userSpecifiedName: string | undefined) {
    return userSpecifiedName ?? snake(targetName);
  }

  override columnName(propertyName: string, customName: string | undefined, prefixes: string[]) {
    return snake(prefixes.join('_')) + (customName ?? snake(propertyName));
  }

  override relationName(propertyName: string) {
    return snake(propertyName);
  }

  override joinColumnName(relationName: string, referencedColumnName: string) {
    return snake(`${relationName}_${referencedColumnName}`);
  }

  override joinTableColumnName(tableName: string, propertyName: string, columnName?: string) {
    return snake(`${tableName}_${columnName ?? propertyName}`);
  }
}
