import { readEnv } from './env.schema.js';

/**
 * Variables holding a credential or a secret: production refuses for each any value this
 * repository publishes. `DATABASE_URL` is checked by the password it carries.
 */
const SECRET_VARIABLES = [
  'JWT_SECRET',
  'RESELLER_KEY_ENCRYPTION_KEY',
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  'FAST2SMS_API_KEY',
  'SMTP_PASS',
  'GOOGLE_CLIENT_SECRET',
  'UPIGATEWAY_API_KEY',
  'SMILEONE_KEY',
  'MOOGOLD_SECRET',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

/**
 * Credentials published outside the schema's defaults: the demo accounts (README, the seed,
 * `scripts/start.mjs`) and the demo database's password (`docker-compose.demo.yml`).
 */
const PUBLISHED_ELSEWHERE = ['User@12345', 'Reseller@12345', 'zstore'];

/** Every published value, lower-cased: the development and sandbox defaults and the demo ones. */
function publishedValues(): Set<string> {
  const { env } = readEnv({ NODE_ENV: 'development', SANDBOX: 'true' });
  const defaults = SECRET_VARIABLES.map((name) => String(env[name] ?? ''));
  return new Set(
    [...defaults, ...PUBLISHED_ELSEWHERE].filter(Boolean).map((value) => value.toLowerCase()),
  );
}

const published = publishedValues();

const isPublished = (value: string | undefined) =>
  value !== undefined && value !== '' && published.has(value.toLowerCase());

function databasePassword(url: string | undefined) {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return undefined;
  }
}

/** One line per variable of `source` that carries a published credential or secret. */
export function publishedSecretProblems(source: Readonly<Record<string, string | undefined>>) {
  const names = SECRET_VARIABLES.filter((name) => isPublished(source[name]));
  const problems = names.map(
    (name) =>
      `${name}: production refuses a value published in this repository (a demo or development default); set your own`,
  );
  if (isPublished(databasePassword(source.DATABASE_URL))) {
    problems.push(
      'DATABASE_URL: production refuses a value published in this repository (the demo database password); set your own',
    );
  }
  return problems;
}
