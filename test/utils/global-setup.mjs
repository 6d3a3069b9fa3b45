import pg from 'pg';
import { Redis } from 'ioredis';
import fs from 'node:fs';

const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const built = new URL('../../server/dist/database/data-source.js', import.meta.url);

/** Checks the services once and migrates a template database that each test file copies. */
export default async function globalSetup() {
  if (!fs.existsSync(built)) {
    throw new Error(
      'The server is not built: run `npm run build -w server` (npm test does it for you).',
    );
  }
  const { migrate } = await import(built.href);
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${error.message}). ` +
        'Start it, or set TEST_DATABASE_URL; `.ci/run` installs and starts one.',
      { cause: error },
    );
  }
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${REDIS_URL} (${error.message}). Start redis-server, or set REDIS_URL.`,
      {
        cause: error,
      },
    );
  } finally {
    redis.disconnect();
  }

  // One template per run (test files copy it), so runs side by side never share one.
  if (!process.env.TEST_TEMPLATE_DB) {
    const template = `zstore_tpl_${Date.now()}_${process.pid}`;
    try {
      await dropStaleTemplates(admin);
      await admin.query(`CREATE DATABASE ${template}`);
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${template}`;
      await migrate(url.toString());
    } finally {
      await admin.end();
    }
    process.env.TEST_TEMPLATE_DB = template;
  } else {
    await admin.end();
  }
}

/** Templates left by runs that were killed more than two hours ago. */
async function dropStaleTemplates(admin) {
  const { rows } = await admin.query(
    `SELECT datname FROM pg_database WHERE datname LIKE 'zstore_tpl_%'`,
  );
  for (const { datname } of rows) {
    const startedAt = Number(datname.split('_')[2]);
    if (Date.now() - startedAt > 2 * 3600_000) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
  }
}
