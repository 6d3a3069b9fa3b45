import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import path from 'node:path';
import { EnvDto } from './env.dto.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

export const DEV_JWT_SECRET = 'development-only-secret-change-me-0123456789abcdef';
const DEV_ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };

export type AppRole = 'all' | 'api' | 'worker';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  role: AppRole;
  runsHttp: boolean;
  runsWorkers: boolean;
  databaseUrl?: string;
  dataDir: string;
  redisUrl: string;
  redisPrefix: string;
  publicUrl: string;
  /** Where this process reaches the simulators when it serves none itself (a worker). */
  sandboxUrl: string;
  jwt: { secret: string; issuer: string; audience: string; ttlSeconds: number };
  sandbox: boolean;
  /** An unset base URL means the built-in simulator under /sandbox. */
  sms: { baseUrl?: string; apiKey: string };
  smtp?: { host: string; port: number; secure: boolean; user?: string; pass?: string };
  mailFrom: string;
  google: { clientId: string; clientSecret: string; baseUrl?: string; enabled: boolean };
  admin: { email: string; password: string };
  sweepIntervalMs: number;
  providerTimeoutMs: number;
  /** How long an `Idempotency-Key` claim may stay `running` before a retry may take it over. */
  idempotencyLeaseMs: number;
  jobs: { lockDurationMs: number; stalledIntervalMs: number; concurrency: number };
  shutdownTimeoutMs: number;
  trustProxy: string | false;
  corsOrigins: string[];
  rateLimits: {
    login: RateLimit;
    otpSendNumber: RateLimit;
    otpSendIp: RateLimit;
    otpVerify: RateLimit;
    register: RateLimit;
    passwordReset: RateLimit;
    userActions: RateLimit;
    checkid: RateLimit;
  };
  logLevel: string;
  /** `/api/metrics`: a bearer token, or loopback callers only when unset. */
  metrics: { token?: string };
  /** Alerts to the admin: e-mailed, and posted as JSON to the webhook when one is set. */
  alerts: {
    email: string;
    webhookUrl?: string;
    smileonePointsBelow: number;
    moogoldUsdBelow: number;
    attentionMinutes: number;
    failures: number;
    failureWindowMinutes: number;
    queueBacklog: number;
  };
  /** How long a supplier balance read stays fresh in Redis before the worker asks again. */
  supplierBalanceRefreshMs: number;
  /** UPIGateway: an unset base URL means the built-in simulator under /sandbox/upigateway. */
  upi: { baseUrl?: string; apiKey: string; paymentTtlMs: number; sandboxExpireMs: number };
  /** Smile.one: an unset base URL means the built-in simulator under /sandbox/smileone. */
  smileone: { baseUrl?: string; uid: string; email: string; key: string };
  /** MooGold: an unset base URL means the built-in simulator under /sandbox/moogold. */
  moogold: { baseUrl?: string; partnerId: string; secret: string; validateEnabled: boolean };
  /** Automatic delivery of paid API-backed orders (the worker's OrderFulfil job and its sweep). */
  fulfilment: { enabled: boolean };
}

export class ConfigError extends Error {}

function parseLimit(name: string, raw: string | undefined, fallback: string, problems: string[]) {
  const value = raw ?? fallback;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match) {
    problems.push(`${name} must look like <count>/<seconds>, got "${value}"`);
    return { limit: 1, windowMs: 1000 };
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}

/** Parses and checks the environment once; throws one error listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = plainToInstance(EnvDto, { ...source }, { excludeExtraneousValues: false });
  const problems = validateSync(env, { whitelist: false }).flatMap((error) =>
    Object.values(error.constraints ?? {}).map((text) => `${error.property}: ${text}`),
  );

  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const role = env.APP_ROLE ?? 'all';
  const port = env.PORT ?? 3000;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const sandbox = env.SANDBOX ?? !production;

  const rateLimits = {
    login: parseLimit('RATE_LIMIT_LOGIN', env.RATE_LIMIT_LOGIN, '10/60', problems),
    otpSendNumber: parseLimit(
      'RATE_LIMIT_OTP_SEND_NUMBER',
      env.RATE_LIMIT_OTP_SEND_NUMBER,
      '5/3600',
      problems,
    ),
    otpSendIp: parseLimit(
      'RATE_LIMIT_OTP_SEND_IP',
      env.RATE_LIMIT_OTP_SEND_IP,
      '20/3600',
      problems,
    ),
    otpVerify: parseLimit('RATE_LIMIT_OTP_VERIFY', env.RATE_LIMIT_OTP_VERIFY, '10/60', problems),
    register: parseLimit('RATE_LIMIT_REGISTER', env.RATE_LIMIT_REGISTER, '10/3600', problems),
    passwordReset: parseLimit(
      'RATE_LIMIT_PASSWORD_RESET',
      env.RATE_LIMIT_PASSWORD_RESET,
      '5/3600',
      problems,
    ),
    userActions: parseLimit(
      'RATE_LIMIT_USER_ACTIONS',
      env.RATE_LIMIT_USER_ACTIONS,
      '30/60',
      problems,
    ),
    checkid: parseLimit('RATE_LIMIT_CHECKID', env.RATE_LIMIT_CHECKID, '20/60', problems),
  };

  const smsBaseUrl = env.FAST2SMS_BASE_URL ?? (sandbox ? undefined : 'https://www.fast2sms.com');
  const smsKey = env.FAST2SMS_API_KEY ?? (sandbox ? 'sandbox-fast2sms-key' : '');
  const googleBase =
    env.GOOGLE_OAUTH_BASE_URL ??
    (sandbox && !env.GOOGLE_CLIENT_ID ? undefined : 'https://accounts.google.com');
  const googleId =
    env.GOOGLE_CLIENT_ID ?? (sandbox ? 'sandbox-client-id.apps.googleusercontent.com' : '');
  const googleSecret = env.GOOGLE_CLIENT_SECRET ?? (sandbox ? 'sandbox-client-secret' : '');
  const jwtSecret = env.JWT_SECRET ?? DEV_JWT_SECRET;
  const upiBaseUrl = env.UPIGATEWAY_BASE_URL ?? (sandbox ? undefined : 'https://api.ekqr.in/api');
  const upiKey = env.UPIGATEWAY_API_KEY ?? (sandbox ? 'sandbox-upigateway-key' : '');
  const smileBaseUrl = env.SMILEONE_BASE_URL ?? (sandbox ? undefined : 'https://www.smile.one');
  const moogoldBaseUrl =
    env.MOOGOLD_BASE_URL ?? (sandbox ? undefined : 'https://moogold.com/wp-json/v1/api');

  if (production) {
    if (sandbox && !env.ALLOW_SANDBOX_IN_PRODUCTION) {
      problems.push(
        'SANDBOX: production refuses sandbox providers (set SANDBOX=false, or ALLOW_SANDBOX_IN_PRODUCTION=true)',
      );
    }
    if (jwtSecret === DEV_JWT_SECRET && !env.ALLOW_DEFAULT_SECRETS) {
      problems.push('JWT_SECRET: production needs its own secret (or ALLOW_DEFAULT_SECRETS=true)');
    }
    if (!env.ADMIN_PASSWORD && !env.ALLOW_DEFAULT_SECRETS) {
      problems.push(
        'ADMIN_PASSWORD: production needs its own admin password (or ALLOW_DEFAULT_SECRETS=true)',
      );
    }
    if (!env.DATABASE_URL && !env.ALLOW_EMBEDDED_DB) {
      problems.push(
        'DATABASE_URL: production refuses the embedded database (or ALLOW_EMBEDDED_DB=true)',
      );
    }
    if (!sandbox && !env.FAST2SMS_API_KEY) {
      problems.push('FAST2SMS_API_KEY: required when SANDBOX=false');
    }
    if (!sandbox && !env.SMTP_HOST) problems.push('SMTP_HOST: required when SANDBOX=false');
    if (!sandbox && !env.UPIGATEWAY_API_KEY) {
      problems.push('UPIGATEWAY_API_KEY: required when SANDBOX=false');
    }
  }
  if (!env.DATABASE_URL && role !== 'all') {
    problems.push(
      'DATABASE_URL: APP_ROLE=api or worker needs a shared PostgreSQL (the embedded one serves APP_ROLE=all only)',
    );
  }

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  return {
    env: nodeEnv,
    port,
    role,
    runsHttp: role !== 'worker',
    runsWorkers: role !== 'api',
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX ?? 'zstore',
    publicUrl,
    sandboxUrl: (env.SANDBOX_URL ?? `${publicUrl}/sandbox`).replace(/\/$/, ''),
    jwt: { secret: jwtSecret, issuer: 'zstore', audience: 'zstore-web', ttlSeconds: 6 * 3600 },
    sandbox,
    sms: { baseUrl: smsBaseUrl?.replace(/\/$/, ''), apiKey: smsKey },
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT ?? 587,
          secure: env.SMTP_SECURE ?? false,
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
        }
      : undefined,
    mailFrom: env.MAIL_FROM ?? 'Z Store <no-reply@zstore.local>',
    google: {
      clientId: googleId,
      clientSecret: googleSecret,
      baseUrl: googleBase?.replace(/\/$/, ''),
      enabled: Boolean(googleId && googleSecret),
    },
    admin: {
      email: env.ADMIN_EMAIL ?? DEV_ADMIN.email,
      password: env.ADMIN_PASSWORD ?? DEV_ADMIN.password,
    },
    sweepIntervalMs: env.SWEEP_INTERVAL_MS ?? 30_000,
    providerTimeoutMs: env.PROVIDER_TIMEOUT_MS ?? 10_000,
    idempotencyLeaseMs: env.IDEMPOTENCY_LEASE_MS ?? 60_000,
    jobs: {
      lockDurationMs: env.JOB_LOCK_DURATION_MS ?? 30_000,
      stalledIntervalMs: env.JOB_STALLED_INTERVAL_MS ?? 30_000,
      concurrency: env.WORKER_CONCURRENCY ?? 5,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS ?? 30_000,
    trustProxy: env.TRUST_PROXY || false,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    rateLimits,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    metrics: { token: env.METRICS_TOKEN },
    alerts: {
      email: env.ALERT_EMAIL ?? env.ADMIN_EMAIL ?? DEV_ADMIN.email,
      webhookUrl: env.ALERT_WEBHOOK_URL,
      smileonePointsBelow: env.ALERT_SMILEONE_POINTS_BELOW ?? 1000,
      moogoldUsdBelow: env.ALERT_MOOGOLD_USD_BELOW ?? 20,
      attentionMinutes: env.ALERT_ATTENTION_MINUTES ?? 30,
      failures: env.ALERT_FAILURES ?? 10,
      failureWindowMinutes: env.ALERT_FAILURE_WINDOW_MINUTES ?? 15,
      queueBacklog: env.ALERT_QUEUE_BACKLOG ?? 500,
    },
    supplierBalanceRefreshMs: env.SUPPLIER_BALANCE_REFRESH_MS ?? 60_000,
    upi: {
      baseUrl: upiBaseUrl?.replace(/\/$/, ''),
      apiKey: upiKey,
      paymentTtlMs: (env.UPI_PAYMENT_TTL_MINUTES ?? 30) * 60_000,
      sandboxExpireMs: (env.UPI_SANDBOX_EXPIRE_MINUTES ?? 30) * 60_000,
    },
    smileone: {
      baseUrl: smileBaseUrl?.replace(/\/$/, ''),
      uid: env.SMILEONE_UID ?? (sandbox ? '1041302' : ''),
      email: env.SMILEONE_EMAIL ?? (sandbox ? 'sandbox-merchant@zstore.local' : ''),
      key: env.SMILEONE_KEY ?? (sandbox ? 'sandbox-smileone-key' : ''),
    },
    moogold: {
      baseUrl: moogoldBaseUrl?.replace(/\/$/, ''),
      partnerId: env.MOOGOLD_PARTNER_ID ?? (sandbox ? 'sandbox-partner' : ''),
      secret: env.MOOGOLD_SECRET ?? (sandbox ? 'sandbox-moogold-secret' : ''),
      validateEnabled: env.MOOGOLD_VALIDATE_ENABLED ?? sandbox,
    },
    fulfilment: { enabled: env.FULFILMENT_ENABLED ?? true },
  };
}
