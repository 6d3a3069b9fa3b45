import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
} from 'class-validator';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === ''
    ? undefined
    : ['1', 'true', 'yes'].includes(String(value).toLowerCase());
const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : Number(value);
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** Every environment variable the server reads. Documented in `.env.example`. */
export class EnvDto {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: 'development' | 'production' | 'test';

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsIn(['all', 'api', 'worker'])
  APP_ROLE?: 'all' | 'api' | 'worker';

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  DATABASE_URL?: string;

  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @IsOptional()
  @IsString()
  REDIS_URL?: string;

  @IsOptional()
  @IsString()
  REDIS_PREFIX?: string;

  @IsOptional()
  @IsUrl({ require_tld: false })
  PUBLIC_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false })
  SANDBOX_URL?: string;

  @IsOptional()
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  SANDBOX?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  ALLOW_SANDBOX_IN_PRODUCTION?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  ALLOW_DEFAULT_SECRETS?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  ALLOW_EMBEDDED_DB?: boolean;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false })
  FAST2SMS_BASE_URL?: string;

  @IsOptional()
  @IsString()
  FAST2SMS_API_KEY?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  SMTP_HOST?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  SMTP_PORT?: number;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  SMTP_SECURE?: boolean;

  @IsOptional()
  @IsString()
  SMTP_USER?: string;

  @IsOptional()
  @IsString()
  SMTP_PASS?: string;

  @IsOptional()
  @IsString()
  MAIL_FROM?: string;

  @IsOptional()
  @IsString()
  GOOGLE_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  GOOGLE_CLIENT_SECRET?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false })
  GOOGLE_OAUTH_BASE_URL?: string;

  @IsOptional()
  @IsEmail()
  ADMIN_EMAIL?: string;

  @IsOptional()
  @IsString()
  @MinLength(8)
  ADMIN_PASSWORD?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  SWEEP_INTERVAL_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  PROVIDER_TIMEOUT_MS?: number;

  /** How long a request's Idempotency-Key claim is held before a retry may take it over (ms). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  IDEMPOTENCY_LEASE_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(500)
  JOB_LOCK_DURATION_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(500)
  JOB_STALLED_INTERVAL_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  WORKER_CONCURRENCY?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SHUTDOWN_TIMEOUT_MS?: number;

  @IsOptional()
  @IsString()
  TRUST_PROXY?: string;

  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  @IsOptional()
  @IsString()
  RATE_LIMIT_LOGIN?: string;

  @IsOptional()
  @IsString()
  RATE_LIMIT_OTP_SEND_NUMBER?: string;

  @IsOptional()
  @IsString()
  RATE_LIMIT_OTP_SEND_IP?: string;

  @IsOptional()
  @IsString()
  RATE_LIMIT_OTP_VERIFY?: string;

  @IsOptional()
  @IsString()
  RATE_LIMIT_REGISTER?: string;

  @IsOptional()
  @IsString()
  RATE_LIMIT_PASSWORD_RESET?: string;

  @IsOptional()
  @IsString()
  RATE_LIMIT_USER_ACTIONS?: string;

  @IsOptional()
  @IsString()
  RATE_LIMIT_CHECKID?: string;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  /** Bearer token for `GET /api/metrics`; unset = the page answers loopback callers only. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MinLength(16)
  METRICS_TOKEN?: string;

  /** Where alerts to the admin are e-mailed (default ADMIN_EMAIL). */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsEmail()
  ALERT_EMAIL?: string;

  /** Optional URL that receives each alert as a JSON post (Slack, Discord, Telegram bridges). */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false })
  ALERT_WEBHOOK_URL?: string;

  /** Alert when the cached Smile.one points of a region fall below this (default 1000). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  ALERT_SMILEONE_POINTS_BELOW?: number;

  /** Alert when the cached MooGold balance (USD) falls below this (default 20). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  ALERT_MOOGOLD_USD_BELOW?: number;

  /** Alert when a paid order has waited for the admin longer than this (default 30). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ALERT_ATTENTION_MINUTES?: number;

  /** Alert when this many payments, or this many deliveries, failed within the window (default 10). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ALERT_FAILURES?: number;

  /** The window the failures are counted in (default 15). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ALERT_FAILURE_WINDOW_MINUTES?: number;

  /** Alert when a queue has more jobs waiting than this (default 500). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ALERT_QUEUE_BACKLOG?: number;

  /** How often the worker asks the suppliers for their balances (default 60000). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  SUPPLIER_BALANCE_REFRESH_MS?: number;

  /** UPIGateway API base (e.g. https://api.ekqr.in/api); unset in sandbox mode = the built-in simulator. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false })
  UPIGATEWAY_BASE_URL?: string;

  /** UPIGateway merchant API key (the `key` body field); required when SANDBOX=false. */
  @IsOptional()
  @IsString()
  UPIGATEWAY_API_KEY?: string;

  /** Minutes a UPI order or top-up waits for its payment before it fails (default 30). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  UPI_PAYMENT_TTL_MINUTES?: number;

  /** Minutes the UPI simulator keeps an unpaid order before marking it `failure` (default 30). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  UPI_SANDBOX_EXPIRE_MINUTES?: number;

  /** Smile.one API origin (e.g. https://www.smile.one); unset in sandbox mode = the built-in simulator. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false })
  SMILEONE_BASE_URL?: string;

  /** Smile.one merchant UID (without it, deliveries through Smile.one are flagged for the admin). */
  @IsOptional()
  @IsString()
  SMILEONE_UID?: string;

  /** The e-mail of the Smile.one merchant account. */
  @IsOptional()
  @IsString()
  SMILEONE_EMAIL?: string;

  /** Smile.one merchant key (`m_key`), used only to sign, never sent. */
  @IsOptional()
  @IsString()
  SMILEONE_KEY?: string;

  /** MooGold API base (e.g. https://moogold.com/wp-json/v1/api); unset in sandbox mode = the built-in simulator. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false })
  MOOGOLD_BASE_URL?: string;

  /** MooGold partner id (Basic auth user). */
  @IsOptional()
  @IsString()
  MOOGOLD_PARTNER_ID?: string;

  /** MooGold secret key (Basic auth password and HMAC key). */
  @IsOptional()
  @IsString()
  MOOGOLD_SECRET?: string;

  /** Whether MooGold's `product/validate` is enabled for the account (default true in sandbox mode). */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  MOOGOLD_VALIDATE_ENABLED?: boolean;

  /** false pauses automatic supplier deliveries (paid orders wait; the sweep resumes them when it is true again). */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  FULFILMENT_ENABLED?: boolean;
}
