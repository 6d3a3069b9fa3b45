import { ConfigError, DEV_JWT_SECRET, loadConfig } from './config.js';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://store@db/store',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-1234',
  ADMIN_PASSWORD: 'Str0ng-admin-pass',
  SANDBOX: 'false',
  FAST2SMS_API_KEY: 'key',
  SMTP_HOST: 'smtp.example.com',
  UPIGATEWAY_API_KEY: 'key',
};

describe('loadConfig', () => {
  it('gives a working development setup with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      role: 'all',
      sandbox: true,
      runsHttp: true,
    });
    expect(config.jwt.secret).toBe(DEV_JWT_SECRET);
    expect(config.rateLimits.login).toEqual({ limit: 10, windowMs: 60_000 });
    expect(config.rateLimits.otpSendNumber).toEqual({ limit: 5, windowMs: 3_600_000 });
    expect(config.rateLimits).toMatchObject({
      loginAccount: { limit: 30, windowMs: 900_000 },
      loginSlowed: { limit: 1, windowMs: 2_000 },
      passwordResetSubmit: { limit: 10, windowMs: 3_600_000 },
      topup: { limit: 10, windowMs: 600_000 },
      webhookCheck: { limit: 1, windowMs: 5_000 },
    });
  });

  it('lists every bad variable in one error', () => {
    const attempt = () => loadConfig({ PORT: 'abc', APP_ROLE: 'cron', RATE_LIMIT_LOGIN: 'ten' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*APP_ROLE[\s\S]*RATE_LIMIT_LOGIN/);
  });

  it('starts in production with real providers and secrets', () => {
    expect(loadConfig(production)).toMatchObject({ env: 'production', sandbox: false });
  });

  it('uses real providers by default in production', () => {
    const { SANDBOX: _sandbox, ...withoutSandbox } = production;
    expect(loadConfig(withoutSandbox).sandbox).toBe(false);
  });

  it('refuses sandbox providers, default secrets and the embedded database in production', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' });
    expect(attempt).toThrow(/SANDBOX: production refuses sandbox providers/);
    expect(attempt).toThrow(/JWT_SECRET: production needs its own secret/);
    expect(attempt).toThrow(/ADMIN_PASSWORD/);
    expect(attempt).toThrow(/DATABASE_URL: production refuses the embedded database/);
  });

  it('allows each production refusal only when asked explicitly', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SANDBOX: 'true',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      ALLOW_DEFAULT_SECRETS: 'true',
      ALLOW_EMBEDDED_DB: 'true',
    });
    expect(config.sandbox).toBe(true);
  });

  it('needs a shared database for separate api and worker processes', () => {
    expect(() => loadConfig({ APP_ROLE: 'worker' })).toThrow(
      /DATABASE_URL: APP_ROLE=api or worker/,
    );
    expect(loadConfig({ APP_ROLE: 'worker', DATABASE_URL: 'postgres://x@y/z' })).toMatchObject({
      runsHttp: false,
      runsWorkers: true,
    });
  });
});
