/** Where the suite finds its services; each missing one stops the run with the fix named. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Set by the global setup: this run's migrated template database. */
export const templateDb = () => {
  const name = process.env.TEST_TEMPLATE_DB;
  if (!name) {
    throw new Error(
      'TEST_TEMPLATE_DB is not set: run the tests through Jest (its global setup makes it)',
    );
  }
  return name;
};

export function databaseUrl(name: string) {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
