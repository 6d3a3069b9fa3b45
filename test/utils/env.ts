/** Where the suite finds its services; each missing one stops the run with the fix named. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const TEMPLATE_DB = 'zstore_test_template';

export function databaseUrl(name: string) {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
