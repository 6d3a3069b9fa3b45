import pg from 'pg';
import { Redis } from 'ioredis';
import fs from 'node:fs';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TEMPLATE_DB = 'zstore_test_template';
const built = new URL('../../server/dist/database/data-source.js', import.meta.url);

/** Checks the services once and migrates a template database that each test file copies. */
export default async function globalSetup() {
  if (!fs.existsSync(built)) {
    throw new Error('The server is not built: run `npm run build -w server` (npm test does it for you).');
  }
  const { migrate } = await import(built.href);
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${error.message}). ` +
        'Start it, or set TEST_DATABASE_URL; `.ci/run` installs and starts one.',
    );
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis is not reachable at ${REDIS_URL} (${error.message}). Start redis-server, or set REDIS_URL.`);
  } finally {
    redis.disconnect();
  }

  await admin.query('SELECT pg_advisory_lock(7261100)');
  try {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${TEMPLATE_DB}`;
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [TEMPLATE_DB],
    );
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await migrate(url.toString());
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7261100)');
    await admin.end();
  }
}
