import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../server/src/database/data-source.js';
import { storeEntities } from '../../server/src/entities.js';
import { createTestDatabase } from '../utils/database.js';

/**
 * The entities describe the schema the hand-written migrations build: what
 * `typeorm migration:generate` would write against a migrated database is nothing.
 */
describe('entities and migrations', () => {
  it('agree: generating a migration from the entities produces no statement', async () => {
    const database = await createTestDatabase();
    const dataSource = new DataSource(
      dataSourceOptions({ url: database.url, poolMax: 1, entities: storeEntities }),
    );
    try {
      await dataSource.initialize();
      const sql = await dataSource.driver.createSchemaBuilder().log();
      expect(sql.upQueries.map((query) => query.query)).toEqual([]);
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });

  it('cover every table the migrations create', async () => {
    const database = await createTestDatabase();
    const dataSource = new DataSource(
      dataSourceOptions({ url: database.url, poolMax: 1, entities: storeEntities }),
    );
    try {
      await dataSource.initialize();
      const tables: Array<{ name: string }> = await dataSource.query(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'
         ORDER BY table_name`,
      );
      const described = new Set(dataSource.entityMetadatas.map((entity) => entity.tableName));
      expect(tables.map((table) => table.name).filter((name) => !described.has(name))).toEqual([]);
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });
});
