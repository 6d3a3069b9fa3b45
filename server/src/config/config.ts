import path from 'node:path';
import type { RateLimit, TrustProxy } from './env-parsers.js';
import { DEV_JWT_SECRET, readEnv } from './env.schema.js';
import { QueueName } from '../jobs/job.enum.js';
import type { GstRate } from './gst-parsers.js';
import { publishedSecretProblems } from './published-secrets.js';

export { DEV_JWT_SECRET };
export type { RateLimit };

export const APP_CONFIG = Symbol('APP_CONFIG');

export type AppRole = 'all' | 'api' | 'worker';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** The address HTTP binds to (loopback by default in sandbox mode). */
  host: string;
  role: AppRole;
  runsHttp: boolean;
  runsWorkers: boolean;
  databaseUrl?: string;
  databasePool: { max: number; timeoutMs: number };
  dataDir: string;
  redisUrl: string;
  redisPrefix: string;
  publicUrl: string;
  /** Where this process reaches the simulators when it serves none itself (a worker). */
  sandboxUrl: string;
  jwt: { secret: string; issuer: string; audience: string; ttlSeconds: number };
  /** Seals the reseller API keys' secrets at rest. */
  resellerKeyEncryptionKey: string;
  /** DNS servers for reseller callback hosts; empty for the system's resolver. */
  resellerCallbackDnsServers: string[];
  sandbox: boolean;
  /** An unset base URL means the built-in simulator under /sandbox. */
  sms: { baseUrl?: string; apiKey: string };
  smtp?: { host: string; port: number; secure: boolean; user?: string; pass?: string };
  mailFrom: string;
  google: { clientId: string; clientSecret: string; baseUrl?: string; enabled: boolean };
  admin: { email: string; password: string };
  sweepIntervalMs: number;
  providerTimeoutMs: number;
  /** How far this process's clock may be from the database's before it signs no supplier request. */
  clockSkewLimitMs: number;
  /** How long an `Idempotency-Key` claim may stay `running` before a retry may take it over. */
  idempotencyLeaseMs: number;
  jobs: {
    lockDurationMs: number;
    stalledIntervalMs: number;
    /** Each queue's jobs one worker process runs at once: a slow queue never takes another's. */
    concurrency: Record<QueueName, number>;
    sweepLeaseMs: number;
  };
  shutdownTimeoutMs: number;
  /** How long a request may take to arrive, how long an idle connection stays, how many stay. */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
  };
  trustProxy: TrustProxy;
  /** Whether `/api/docs` and `/api/docs-json` are served (off in production unless API_DOCS=true). */
  apiDocs: boolean;
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
    /** Wrong passwords on one account, from every address, before its sign-ins slow down. */
    loginAccount: RateLimit;
    /** How fast a slowed-down account's sign-ins are evaluated. */
    loginSlowed: RateLimit;
    passwordResetSubmit: RateLimit;
    topup: RateLimit;
    /** Gateway status checks of one payment, whoever asks (status routes, webhook, jobs, sweep). */
    paymentCheck: RateLimit;
    /** Gateway status checks of failed payments (late payments), for the whole store. */
    paymentPolls: RateLimit;
    /** Guest orders from one address, and for one mobile number. */
    guestOrderIp: RateLimit;
    guestOrderMobile: RateLimit;
    /** Guest order look-ups (and invoice downloads) from one address. */
    guestLookup: RateLimit;
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
  /**
   * The delivery guarantee: the default promise of supplier-delivered products (minutes), the
   * compensation of a missed promise (paise, or a percentage of the order when above 0) and
   * when an undelivered order is refunded (hours after its payment).
   */
  guarantee: {
    apiMinutes: number;
    compensationPaise: number;
    compensationPercent: number;
    refundAfterHours: number;
  };
  /** Refer & Earn: points per side (whole points), the least first order (paise), the cap a month. */
  referrals: { rewardPoints: number; minOrderPaise: number; monthlyCap: number };
  /** How long a supplier balance read stays fresh in Redis before the worker asks again. */
  supplierBalanceRefreshMs: number;
  /** UPIGateway: an unset base URL means the built-in simulator under /sandbox/upigateway. */
  upi: { baseUrl?: string; apiKey: string; paymentTtlMs: number; sandboxExpireMs: number };
  /** Smile.one: an unset base URL means the built-in simulator under /sandbox/smileone. */
  smileone: { baseUrl?: string; uid: string; email: string; key: string };
  /** WhatsApp Business Cloud API: an unset base URL means the simulator under /sandbox/whatsapp. */
  whatsapp: {
    enabled: boolean;
    baseUrl?: string;
    apiVersion: string;
    accessToken: string;
    phoneNumberId: string;
    appSecret: string;
    verifyToken: string;
  };
  /** MooGold: an unset base URL means the built-in simulator under /sandbox/moogold. */
  moogold: { baseUrl?: string; partnerId: string; secret: string; validateEnabled: boolean };
  /** Automatic delivery of paid API-backed orders (the worker's OrderDeliver job and its sweep). */
  delivery: { enabled: boolean };
  /** The supplier on tax invoices and how each product category is taxed. */
  gst: GstConfig;
}

export interface GstConfig {
  gstin: string;
  /** The GST state code of the store (the GSTIN's first two digits). */
  stateCode: string;
  legalName: string;
  address: string;
  rates: Record<string, GstRate>;
  invoicePrefix: string;
  creditNotePrefix: string;
}

export class ConfigError extends Error {}

/** WhatsApp works with all four or not at all. */
const WHATSAPP_CREDENTIALS = [
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

/** Parses and checks the environment once; throws one error listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const { env, problems } = readEnv(source);
  const production = env.NODE_ENV === 'production';
  const sandbox = env.SANDBOX;
  const role = env.APP_ROLE;

  if (source.ALLOW_SANDBOX_IN_PRODUCTION !== undefined) {
    problems.push(
      'ALLOW_SANDBOX_IN_PRODUCTION: no longer exists; production never runs the sandbox (remove it)',
    );
  }
  if (source.ALLOW_DEFAULT_SECRETS !== undefined) {
    problems.push(
      'ALLOW_DEFAULT_SECRETS: no longer exists; production never starts with a published secret (remove it)',
    );
  }
  if (production) {
    if (sandbox) {
      problems.push(
        'SANDBOX: production refuses sandbox providers (set SANDBOX=false and the real providers; the demo setup runs outside production)',
      );
    }
    if (!source.JWT_SECRET) problems.push('JWT_SECRET: production needs its own secret');
    if (!source.RESELLER_KEY_ENCRYPTION_KEY) {
      problems.push('RESELLER_KEY_ENCRYPTION_KEY: production needs its own key');
    }
    if (!source.ADMIN_PASSWORD) {
      problems.push('ADMIN_PASSWORD: production needs its own admin password');
    }
    problems.push(...publishedSecretProblems(source));
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
    for (const name of ['GST_GSTIN', 'GST_LEGAL_NAME', 'GST_ADDRESS'] as const) {
      if (!source[name]) problems.push(`${name}: production needs the store's own (tax invoices)`);
    }
  }
  if (env.WHATSAPP_ENABLED) {
    for (const name of WHATSAPP_CREDENTIALS) {
      if (!env[name]) problems.push(`${name}: required when WHATSAPP_ENABLED=true`);
    }
  }
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS');
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
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    role,
    runsHttp: role !== 'worker',
    runsWorkers: role !== 'api',
    databaseUrl: env.DATABASE_URL,
    databasePool: { max: env.DATABASE_POOL_MAX, timeoutMs: env.DATABASE_POOL_TIMEOUT_MS },
    dataDir: path.resolve(env.DATA_DIR),
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    publicUrl: env.PUBLIC_URL,
    sandboxUrl: env.SANDBOX_URL,
    resellerKeyEncryptionKey: env.RESELLER_KEY_ENCRYPTION_KEY,
    resellerCallbackDnsServers: env.RESELLER_CALLBACK_DNS_SERVERS,
    jwt: { secret: env.JWT_SECRET, issuer: 'zstore', audience: 'zstore-web', ttlSeconds: 6 * 3600 },
    sandbox,
    sms: { baseUrl: env.FAST2SMS_BASE_URL, apiKey: env.FAST2SMS_API_KEY },
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: env.SMTP_SECURE,
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
        }
      : undefined,
    mailFrom: env.MAIL_FROM,
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      baseUrl: env.GOOGLE_OAUTH_BASE_URL,
      enabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    },
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    sweepIntervalMs: env.SWEEP_INTERVAL_MS,
    providerTimeoutMs: env.PROVIDER_TIMEOUT_MS,
    clockSkewLimitMs: env.CLOCK_SKEW_LIMIT_MS,
    idempotencyLeaseMs: env.IDEMPOTENCY_LEASE_MS,
    jobs: {
      lockDurationMs: env.JOB_LOCK_DURATION_MS,
      stalledIntervalMs: env.JOB_STALLED_INTERVAL_MS,
      concurrency: {
        [QueueName.Delivery]: env.WORKER_CONCURRENCY_DELIVERY ?? env.WORKER_CONCURRENCY,
        [QueueName.Payments]: env.WORKER_CONCURRENCY_PAYMENTS ?? env.WORKER_CONCURRENCY,
        [QueueName.Mail]: env.WORKER_CONCURRENCY_MAIL ?? env.WORKER_CONCURRENCY,
        [QueueName.Maintenance]: env.WORKER_CONCURRENCY_MAINTENANCE ?? env.WORKER_CONCURRENCY,
        // One bulk order at a time per worker: its rows take one database connection at most.
        [QueueName.Batches]: 1,
        [QueueName.Callbacks]: env.WORKER_CONCURRENCY,
      },
      sweepLeaseMs: env.SWEEP_LEASE_MS,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    http: {
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.HTTP_MAX_CONNECTIONS,
    },
    trustProxy: env.TRUST_PROXY,
    apiDocs: env.API_DOCS,
    corsOrigins: env.CORS_ORIGINS,
    rateLimits: {
      login: env.RATE_LIMIT_LOGIN,
      otpSendNumber: env.RATE_LIMIT_OTP_SEND_NUMBER,
      otpSendIp: env.RATE_LIMIT_OTP_SEND_IP,
      otpVerify: env.RATE_LIMIT_OTP_VERIFY,
      register: env.RATE_LIMIT_REGISTER,
      passwordReset: env.RATE_LIMIT_PASSWORD_RESET,
      userActions: env.RATE_LIMIT_USER_ACTIONS,
      checkid: env.RATE_LIMIT_CHECKID,
      loginAccount: env.RATE_LIMIT_LOGIN_ACCOUNT,
      loginSlowed: env.RATE_LIMIT_LOGIN_SLOWED,
      passwordResetSubmit: env.RATE_LIMIT_PASSWORD_RESET_SUBMIT,
      topup: env.RATE_LIMIT_TOPUP,
      paymentCheck: env.RATE_LIMIT_PAYMENT_CHECK,
      paymentPolls: env.RATE_LIMIT_PAYMENT_POLLS,
      guestOrderIp: env.RATE_LIMIT_GUEST_ORDER_IP,
      guestOrderMobile: env.RATE_LIMIT_GUEST_ORDER_MOBILE,
      guestLookup: env.RATE_LIMIT_GUEST_LOOKUP,
    },
    logLevel: env.LOG_LEVEL,
    metrics: { token: env.METRICS_TOKEN },
    referrals: {
      rewardPoints: env.REFERRAL_REWARD_POINTS,
      minOrderPaise: env.REFERRAL_MIN_ORDER_RUPEES * 100,
      monthlyCap: env.REFERRAL_MONTHLY_CAP,
    },
    alerts: {
      email: env.ALERT_EMAIL ?? env.ADMIN_EMAIL,
      webhookUrl: env.ALERT_WEBHOOK_URL,
      smileonePointsBelow: env.ALERT_SMILEONE_POINTS_BELOW,
      moogoldUsdBelow: env.ALERT_MOOGOLD_USD_BELOW,
      attentionMinutes: env.ALERT_ATTENTION_MINUTES,
      failures: env.ALERT_FAILURES,
      failureWindowMinutes: env.ALERT_FAILURE_WINDOW_MINUTES,
      queueBacklog: env.ALERT_QUEUE_BACKLOG,
    },
    supplierBalanceRefreshMs: env.SUPPLIER_BALANCE_REFRESH_MS,
    guarantee: {
      apiMinutes: env.GUARANTEE_API_MINUTES,
      compensationPaise: env.GUARANTEE_COMPENSATION_RUPEES * 100,
      compensationPercent: env.GUARANTEE_COMPENSATION_PERCENT,
      refundAfterHours: env.GUARANTEE_REFUND_AFTER_HOURS,
    },
    upi: {
      baseUrl: env.UPIGATEWAY_BASE_URL,
      apiKey: env.UPIGATEWAY_API_KEY,
      paymentTtlMs: env.UPI_PAYMENT_TTL_MINUTES * 60_000,
      sandboxExpireMs: env.UPI_SANDBOX_EXPIRE_MINUTES * 60_000,
    },
    whatsapp: {
      enabled: env.WHATSAPP_ENABLED,
      baseUrl: env.WHATSAPP_BASE_URL,
      apiVersion: env.WHATSAPP_API_VERSION,
      accessToken: env.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: env.WHATSAPP_APP_SECRET,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN,
    },
    smileone: {
      baseUrl: env.SMILEONE_BASE_URL,
      uid: env.SMILEONE_UID,
      email: env.SMILEONE_EMAIL,
      key: env.SMILEONE_KEY,
    },
    moogold: {
      baseUrl: env.MOOGOLD_BASE_URL,
      partnerId: env.MOOGOLD_PARTNER_ID,
      secret: env.MOOGOLD_SECRET,
      validateEnabled: env.MOOGOLD_VALIDATE_ENABLED,
    },
    delivery: { enabled: env.DELIVERY_ENABLED },
    gst: {
      gstin: env.GST_GSTIN,
      stateCode: env.GST_GSTIN.slice(0, 2),
      legalName: env.GST_LEGAL_NAME,
      address: env.GST_ADDRESS,
      rates: env.GST_RATES,
      invoicePrefix: env.GST_INVOICE_PREFIX,
      creditNotePrefix: env.GST_CREDIT_NOTE_PREFIX,
    },
  };
}
