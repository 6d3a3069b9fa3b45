import { passwordProblem } from '../common/password-rules.js';
import {
  InvalidValue,
  bool,
  email,
  int,
  list,
  oneOf,
  rateLimit,
  secret,
  text,
  trustProxy,
  url,
  type Parser,
} from './env-parsers.js';
import { DEFAULT_GST_RATES, gstRates, gstin, seriesPrefix } from './gst-parsers.js';
import { formerEnvNames } from './former-env-names.js';

export const DEV_JWT_SECRET = 'development-only-secret-change-me-0123456789abcdef';
export const DEV_RESELLER_KEY_ENCRYPTION_KEY = 'development-only-reseller-key-sealing-0123456789';

/** What defaults may depend on, resolved first and in this order. */
export interface Basis {
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  sandbox: boolean;
  port: number;
  publicUrl: string;
  raw: Readonly<Record<string, string | undefined>>;
}

interface Variable<T> {
  parse: Parser<T>;
  fallback: (basis: Basis) => T;
}

/** A variable with a default (a value, or one computed from the basis). */
function withDefault<T>(parse: Parser<T>, fallback: T | ((basis: Basis) => T)): Variable<T> {
  return {
    parse,
    fallback: typeof fallback === 'function' ? (fallback as (basis: Basis) => T) : () => fallback,
  };
}

/** A variable that may stay unset (or whose default is unset in some setups). */
function optional<T>(
  parse: Parser<T>,
  fallback: (basis: Basis) => T | undefined = () => undefined,
): Variable<T | undefined> {
  return { parse, fallback };
}

const inSandbox =
  <T>(sandboxValue: T, realValue: T) =>
  (basis: Basis) =>
    basis.sandbox ? sandboxValue : realValue;

const graphVersion: Parser<string> = (raw) => {
  if (!/^v\d{1,3}\.0$/.test(raw)) throw new InvalidValue('a Graph API version such as v23.0');
  return raw;
};

const adminPassword: Parser<string> = (raw) => {
  const problem = passwordProblem(raw);
  if (problem) throw new InvalidValue(problem);
  return raw;
};

/**
 * Every environment variable the server reads, with its validation and its default; an empty
 * value counts as unset. `.env.example` documents each one (a test keeps the two in step).
 */
export const envSchema = {
  // Process
  NODE_ENV: withDefault(oneOf('development', 'production', 'test'), 'development'),
  SANDBOX: withDefault(bool, (basis) => !basis.production),
  PORT: withDefault(int({ min: 0, max: 65535 }), 3000),
  PUBLIC_URL: withDefault(url, (basis) => `http://localhost:${basis.port}`),
  /** Sandbox mode listens on loopback only, unless HOST says otherwise. */
  HOST: withDefault(text, inSandbox('127.0.0.1', '0.0.0.0')),
  APP_ROLE: withDefault(oneOf('all', 'api', 'worker'), 'all'),
  DATA_DIR: withDefault(text, '.data'),
  LOG_LEVEL: withDefault(
    oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    (basis) => (basis.nodeEnv === 'test' ? 'warn' : 'info'),
  ),
  SHUTDOWN_TIMEOUT_MS: withDefault(int({ min: 1 }), 30_000),
  TRUST_PROXY: withDefault(trustProxy, false),
  /** A request's headers and body must both arrive within this, or it is answered 408 and closed. */
  HTTP_REQUEST_TIMEOUT_MS: withDefault(int({ min: 100, max: 600_000 }), 60_000),
  HTTP_HEADERS_TIMEOUT_MS: withDefault(int({ min: 100, max: 600_000 }), 15_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: withDefault(int({ min: 100, max: 600_000 }), 65_000),
  /** Open connections one process keeps; beyond it new ones are closed at once. */
  HTTP_MAX_CONNECTIONS: withDefault(int({ min: 1 }), 5_000),
  CORS_ORIGINS: withDefault(list, []),
  API_DOCS: withDefault(bool, (basis) => !basis.production),

  // Data
  DATABASE_URL: optional(text),
  /** Connections this process may hold; every process's together must fit the server's limit. */
  DATABASE_POOL_MAX: withDefault(int({ min: 1, max: 200 }), 10),
  /** How long a request waits for a free connection before it is answered 503. */
  DATABASE_POOL_TIMEOUT_MS: withDefault(int({ min: 100, max: 60_000 }), 10_000),
  REDIS_URL: withDefault(text, 'redis://127.0.0.1:6379'),
  REDIS_PREFIX: withDefault(text, 'zstore'),

  // Security
  JWT_SECRET: withDefault(secret(32), DEV_JWT_SECRET),
  /** Seals the reseller API keys' secrets at rest (AES-256-GCM under its SHA-256). */
  RESELLER_KEY_ENCRYPTION_KEY: withDefault(secret(32), DEV_RESELLER_KEY_ENCRYPTION_KEY),
  /** DNS servers (`address[:port]`) that resolve reseller callback hosts; unset: the system's. */
  RESELLER_CALLBACK_DNS_SERVERS: withDefault(list, []),
  ADMIN_EMAIL: withDefault(email, 'admin@example.com'),
  ADMIN_PASSWORD: withDefault(adminPassword, 'Admin@12345'),
  ALLOW_EMBEDDED_DB: withDefault(bool, false),

  // Providers
  SANDBOX_URL: withDefault(url, (basis) => `${basis.publicUrl}/sandbox`),
  PROVIDER_TIMEOUT_MS: withDefault(int({ min: 100 }), 10_000),
  CLOCK_SKEW_LIMIT_MS: withDefault(int({ min: 1000 }), 60_000),
  IDEMPOTENCY_LEASE_MS: withDefault(int({ min: 1000 }), 60_000),
  FAST2SMS_BASE_URL: optional(url, inSandbox(undefined, 'https://www.fast2sms.com')),
  FAST2SMS_API_KEY: withDefault(text, inSandbox('sandbox-fast2sms-key', '')),
  SMTP_HOST: optional(text),
  SMTP_PORT: withDefault(int({ min: 1, max: 65535 }), 587),
  SMTP_SECURE: withDefault(bool, false),
  SMTP_USER: optional(text),
  SMTP_PASS: optional(text),
  MAIL_FROM: withDefault(text, 'Z Store <no-reply@zstore.local>'),
  GOOGLE_CLIENT_ID: withDefault(
    text,
    inSandbox('sandbox-client-id.apps.googleusercontent.com', ''),
  ),
  GOOGLE_CLIENT_SECRET: withDefault(text, inSandbox('sandbox-client-secret', '')),
  /** Unset in sandbox mode without a real client = the built-in OpenID simulator. */
  GOOGLE_OAUTH_BASE_URL: optional(url, (basis) =>
    basis.sandbox && !basis.raw.GOOGLE_CLIENT_ID ? undefined : 'https://accounts.google.com',
  ),
  UPIGATEWAY_BASE_URL: optional(url, inSandbox(undefined, 'https://api.ekqr.in/api')),
  UPIGATEWAY_API_KEY: withDefault(text, inSandbox('sandbox-upigateway-key', '')),
  UPI_PAYMENT_TTL_MINUTES: withDefault(int({ min: 1 }), 30),
  UPI_SANDBOX_EXPIRE_MINUTES: withDefault(int({ min: 1 }), 30),
  SMILEONE_BASE_URL: optional(url, inSandbox(undefined, 'https://www.smile.one')),
  SMILEONE_UID: withDefault(text, inSandbox('1041302', '')),
  SMILEONE_EMAIL: withDefault(text, inSandbox('sandbox-merchant@zstore.local', '')),
  SMILEONE_KEY: withDefault(text, inSandbox('sandbox-smileone-key', '')),
  MOOGOLD_BASE_URL: optional(url, inSandbox(undefined, 'https://moogold.com/wp-json/v1/api')),
  MOOGOLD_PARTNER_ID: withDefault(text, inSandbox('sandbox-partner', '')),
  MOOGOLD_SECRET: withDefault(text, inSandbox('sandbox-moogold-secret', '')),
  MOOGOLD_VALIDATE_ENABLED: withDefault(bool, (basis) => basis.sandbox),
  DELIVERY_ENABLED: withDefault(bool, true),
  /** Order news and sign-in codes on WhatsApp (Business Cloud API); sandbox = the simulator. */
  WHATSAPP_ENABLED: withDefault(bool, (basis) => basis.sandbox),
  WHATSAPP_BASE_URL: optional(url, inSandbox(undefined, 'https://graph.facebook.com')),
  WHATSAPP_API_VERSION: withDefault(graphVersion, 'v23.0'),
  WHATSAPP_ACCESS_TOKEN: withDefault(text, inSandbox('sandbox-whatsapp-token', '')),
  WHATSAPP_PHONE_NUMBER_ID: withDefault(text, inSandbox('100000000000001', '')),
  WHATSAPP_APP_SECRET: withDefault(text, inSandbox('sandbox-whatsapp-app-secret', '')),
  WHATSAPP_VERIFY_TOKEN: withDefault(text, inSandbox('sandbox-whatsapp-verify-token', '')),

  // GST tax invoices (sandbox defaults; production requires the store's own)
  /** The supplier's GSTIN; its first two digits are the store's state (the place of supply by default). */
  GST_GSTIN: withDefault(gstin, inSandbox('29AABCZ1234F1Z5', '')),
  GST_LEGAL_NAME: withDefault(text, inSandbox('Z Store Sandbox Private Limited', '')),
  GST_ADDRESS: withDefault(text, inSandbox('1 Sandbox Road, Bengaluru 560001, Karnataka', '')),
  /** `category=SAC:rate` for each product category; prices include the tax. */
  GST_RATES: withDefault(gstRates, DEFAULT_GST_RATES),
  GST_INVOICE_PREFIX: withDefault(seriesPrefix, 'ZS'),
  GST_CREDIT_NOTE_PREFIX: withDefault(seriesPrefix, 'ZC'),

  // Operations
  /** Bearer token for `GET /api/metrics`; unset = 404 in production, loopback callers elsewhere. */
  METRICS_TOKEN: optional(secret(16)),
  /** Where alerts to the admin are e-mailed (default ADMIN_EMAIL). */
  ALERT_EMAIL: optional(email),
  /** A URL that receives each alert as a JSON post (Slack, Discord, Telegram bridges). */
  ALERT_WEBHOOK_URL: optional(url),
  ALERT_SMILEONE_POINTS_BELOW: withDefault(int({ min: 0 }), 1000),
  ALERT_MOOGOLD_USD_BELOW: withDefault(int({ min: 0 }), 20),
  ALERT_ATTENTION_MINUTES: withDefault(int({ min: 1 }), 30),
  ALERT_FAILURES: withDefault(int({ min: 1 }), 10),
  ALERT_FAILURE_WINDOW_MINUTES: withDefault(int({ min: 1 }), 15),
  ALERT_QUEUE_BACKLOG: withDefault(int({ min: 1 }), 500),
  SUPPLIER_BALANCE_REFRESH_MS: withDefault(int({ min: 1000 }), 60_000),

  // Delivery guarantee
  /** The promise of a supplier-delivered product without one of its own, in minutes. */
  GUARANTEE_API_MINUTES: withDefault(int({ min: 1, max: 1440 }), 6),
  /** Z-Coins (rupees) paid when an order misses its promise; 0 with a percentage set. */
  GUARANTEE_COMPENSATION_RUPEES: withDefault(int({ min: 0, max: 10_000 }), 10),
  /** A percentage of what the order paid instead of a fixed amount (0 = the fixed amount). */
  GUARANTEE_COMPENSATION_PERCENT: withDefault(int({ min: 0, max: 100 }), 0),
  /** Hours after the payment when an order still not delivered is refunded to the wallet. */
  GUARANTEE_REFUND_AFTER_HOURS: withDefault(int({ min: 1, max: 720 }), 24),

  // Refer & Earn
  /** Points each side earns when a referred customer's first qualifying order completes. */
  REFERRAL_REWARD_POINTS: withDefault(int({ min: 0 }), 25),
  /** The least a first order must pay, in rupees, to earn the referral rewards. */
  REFERRAL_MIN_ORDER_RUPEES: withDefault(int({ min: 0 }), 99),
  /** Rewards a referrer can earn per calendar month (India time). */
  REFERRAL_MONTHLY_CAP: withDefault(int({ min: 0 }), 10),

  // Jobs
  SWEEP_INTERVAL_MS: withDefault(int({ min: 100 }), 30_000),
  /** A sweep's lease outlives its worker's last renewal by this much (a frozen worker's ends). */
  SWEEP_LEASE_MS: withDefault(int({ min: 1_000 }), 30_000),
  JOB_LOCK_DURATION_MS: withDefault(int({ min: 500 }), 30_000),
  JOB_STALLED_INTERVAL_MS: withDefault(int({ min: 500 }), 30_000),
  WORKER_CONCURRENCY: withDefault(int({ min: 1 }), 5),
  /** Each queue's own worker concurrency; unset, the queue takes WORKER_CONCURRENCY. */
  WORKER_CONCURRENCY_DELIVERY: optional(int({ min: 1 })),
  WORKER_CONCURRENCY_PAYMENTS: optional(int({ min: 1 })),
  WORKER_CONCURRENCY_MAIL: optional(int({ min: 1 })),
  WORKER_CONCURRENCY_MAINTENANCE: optional(int({ min: 1 })),

  // Rate limits
  RATE_LIMIT_LOGIN: withDefault(rateLimit, { limit: 10, windowMs: 60_000 }),
  RATE_LIMIT_OTP_SEND_NUMBER: withDefault(rateLimit, { limit: 5, windowMs: 3_600_000 }),
  RATE_LIMIT_OTP_SEND_IP: withDefault(rateLimit, { limit: 20, windowMs: 3_600_000 }),
  RATE_LIMIT_OTP_VERIFY: withDefault(rateLimit, { limit: 10, windowMs: 60_000 }),
  RATE_LIMIT_REGISTER: withDefault(rateLimit, { limit: 10, windowMs: 3_600_000 }),
  RATE_LIMIT_PASSWORD_RESET: withDefault(rateLimit, { limit: 5, windowMs: 3_600_000 }),
  RATE_LIMIT_USER_ACTIONS: withDefault(rateLimit, { limit: 30, windowMs: 60_000 }),
  RATE_LIMIT_CHECKID: withDefault(rateLimit, { limit: 20, windowMs: 60_000 }),
  RATE_LIMIT_LOGIN_ACCOUNT: withDefault(rateLimit, { limit: 30, windowMs: 900_000 }),
  RATE_LIMIT_LOGIN_SLOWED: withDefault(rateLimit, { limit: 1, windowMs: 2_000 }),
  RATE_LIMIT_PASSWORD_RESET_SUBMIT: withDefault(rateLimit, { limit: 10, windowMs: 3_600_000 }),
  RATE_LIMIT_TOPUP: withDefault(rateLimit, { limit: 10, windowMs: 600_000 }),
  RATE_LIMIT_PAYMENT_CHECK: withDefault(rateLimit, { limit: 1, windowMs: 3_000 }),
  RATE_LIMIT_PAYMENT_POLLS: withDefault(rateLimit, { limit: 120, windowMs: 60_000 }),
  RATE_LIMIT_GUEST_ORDER_IP: withDefault(rateLimit, { limit: 10, windowMs: 3_600_000 }),
  RATE_LIMIT_GUEST_ORDER_MOBILE: withDefault(rateLimit, { limit: 5, windowMs: 3_600_000 }),
  RATE_LIMIT_GUEST_LOOKUP: withDefault(rateLimit, { limit: 60, windowMs: 600_000 }),
} satisfies Record<string, Variable<unknown>>;

export type EnvName = keyof typeof envSchema;
export type Env = { [K in EnvName]: (typeof envSchema)[K] extends Variable<infer T> ? T : never };

/** Reads every variable of the schema: the parsed values and a line per bad variable. */
export function readEnv(source: Readonly<Record<string, string | undefined>>) {
  const problems: string[] = [];
  const explicit = <K extends EnvName>(name: K): Env[K] | undefined => {
    const given = [name, formerEnvNames[name]].find((key) => key && source[key]);
    if (!given) return undefined;
    try {
      return envSchema[name].parse(source[given] as string) as Env[K];
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      problems.push(`${given}: ${error.message}`);
      return undefined;
    }
  };
  const basis = { raw: source } as Basis;
  const resolve = <K extends EnvName>(name: K): Env[K] =>
    explicit(name) ?? (envSchema[name].fallback(basis) as Env[K]);

  basis.nodeEnv = resolve('NODE_ENV');
  basis.production = basis.nodeEnv === 'production';
  basis.sandbox = resolve('SANDBOX');
  basis.port = resolve('PORT');
  basis.publicUrl = resolve('PUBLIC_URL');
  const resolvedFirst: Partial<Env> = {
    NODE_ENV: basis.nodeEnv,
    SANDBOX: basis.sandbox,
    PORT: basis.port,
    PUBLIC_URL: basis.publicUrl,
  };

  const env = {} as Record<EnvName, unknown>;
  for (const name of Object.keys(envSchema) as EnvName[]) {
    env[name] = name in resolvedFirst ? resolvedFirst[name] : resolve(name);
  }
  return { env: env as Env, problems };
}
