import { DataSource, MigrationExecutor, type DataSourceOptions } from 'typeorm';
import { IdempotencyClaimSubscriber } from '../common/idempotency/idempotency-claim.js';
import { migrations } from './migrations/index.js';
import { SnakeNamingStrategy } from './naming-strategy.js';
import { StatementLogger } from './statement-logger.js';
import { TransactionTimeoutsClient } from './transaction-timeouts.js';

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  /** How long a caller waits for a free connection before the pool refuses (answered 503). */
  poolTimeoutMs?: number;
  /** The store's entities (`src/entities.ts`); the migrator needs none. */
  entities?: DataSourceOptions['entities'];
}

/** One place for the connection settings, used by the app, the migrator and the tests. */
export function dataSourceOptions({
  url,
  poolMax = 10,
  poolTimeoutMs = 10_000,
  entities = [],
}: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    namingStrategy: new SnakeNamingStrategy(),
    // Generated uuids come from PostgreSQL's own gen_random_uuid(), as the migrations wrote them.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    subscribers: [IdempotencyClaimSubscriber],
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: ['error'],
    logger: new StatementLogger(),
    extra: {
      max: poolMax,
      connectionTimeoutMillis: poolTimeoutMs,
      idleTimeoutMillis: 10_000,
      // No connection-time settings (`options`): a transaction-mode pooler refuses them. The
      // timeouts are set as each transaction starts (TransactionTimeoutsClient).
      Client: TransactionTimeoutsClient,
    },
  };
}

/**
 * Applies pending migrations in one transaction that holds a transaction-scoped advisory lock,
 * so instances starting together take turns, and the lock cannot outlive the transaction
 * (through a transaction-mode pooler a session lock could be left on another connection).
 */
export async function migrate(url: string) {
  const dataSource = new DataSource({
    ...dataSourceOptions({ url, poolMax: 1 }),
    logging: ['error'],
  });
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.startTransaction();
    try {
      await runner.query('SELECT pg_advisory_xact_lock(7261001)');
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'all';
      const applied = await executor.executePendingMigrations();
      await runner.commitTransaction();
      return applied;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    }
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}
