import { DataSource, type DataSourceOptions } from 'typeorm';
import { IdempotencyClaimSubscriber } from '../modules/ledger/idempotency-claim.js';
import { migrations } from './migrations/index.js';
import { StatementLogger } from './statement-logger.js';

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  /** How long a caller waits for a free connection before the pool refuses (answered 503). */
  poolTimeoutMs?: number;
}

/** One place for the connection settings, used by the app, the migrator and the tests. */
export function dataSourceOptions({
  url,
  poolMax = 10,
  poolTimeoutMs = 10_000,
}: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url,
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
      // A stuck statement or lock turns into an error instead of a hung request.
      options:
        '-c statement_timeout=15000 -c lock_timeout=10000 -c idle_in_transaction_session_timeout=30000',
    },
  };
}

/** Applies pending migrations under an advisory lock, so instances starting together take turns. */
export async function migrate(url: string) {
  const dataSource = new DataSource({
    ...dataSourceOptions({ url, poolMax: 1 }),
    logging: ['error'],
  });
  await dataSource.initialize();
  try {
    await dataSource.query('SELECT pg_advisory_lock(7261001)');
    try {
      return await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await dataSource.query('SELECT pg_advisory_unlock(7261001)');
    }
  } finally {
    await dataSource.destroy();
  }
}
