import pg from 'pg';

/** Drops this run's template database. */
export default async function globalTeardown() {
  const template = process.env.TEST_TEMPLATE_DB;
  if (!template) return;
  const admin = new pg.Client({
    connectionString:
      process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  delete process.env.TEST_TEMPLATE_DB;
}
