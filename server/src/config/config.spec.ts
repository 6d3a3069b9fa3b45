import { ConfigError, DEV_JWT_SECRET, loadConfig } from './config.js';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://store@db/store',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-1234',
  RESELLER_KEY_ENCRYPTION_KEY: 'a-production-reseller-key-sealing-secret-5678',
  ADMIN_PASSWORD: 'Str0ng-admin-pass',
  SANDBOX: 'false',
  FAST2SMS_API_KEY: 'key',
  SMTP_HOST: 'smtp.example.com',
  UPIGATEWAY_API_KEY: 'key',
  GST_GSTIN: '27AAPFU0939F1ZV',
  GST_LEGAL_NAME: 'Z Store Private Limited',
  GST_ADDRESS: '1 Market Road, Pune 411001, Maharashtra',
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
      paymentCheck: { limit: 1, windowMs: 3_000 },
      paymentPolls: { limit: 120, windowMs: 60_000 },
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

  it("requires the store's GSTIN and legal details in production, and reads its state from the GSTIN", () => {
    const {
      GST_GSTIN: _gstin,
      GST_LEGAL_NAME: _name,
      GST_ADDRESS: _address,
      ...without
    } = production;
    const attempt = () => loadConfig(without);
    expect(attempt).toThrow(/GST_GSTIN: production needs the store's own/);
    expect(attempt).toThrow(/GST_LEGAL_NAME: production needs the store's own/);
    expect(attempt).toThrow(/GST_ADDRESS: production needs the store's own/);
    expect(loadConfig(production).gst).toMatchObject({ gstin: '27AAPFU0939F1ZV', stateCode: '27' });
    expect(() => loadConfig({ GST_GSTIN: '27AAPFU0939' })).toThrow(/GST_GSTIN: is not a GSTIN/);
  });

  it('taxes each product category by GST_RATES, 18 % by default', () => {
    expect(loadConfig({}).gst.rates).toMatchObject({
      games: { sac: '998439', rate: 18 },
      ott: { sac: '998433', rate: 18 },
    });
    const rates = 'games=998439:18,instant-games=998439:18,ott=998433:12,others=998439:5';
    expect(loadConfig({ GST_RATES: rates }).gst.rates.ott).toEqual({ sac: '998433', rate: 12 });
    expect(() => loadConfig({ GST_RATES: 'games=998439:18' })).toThrow(/GST_RATES: no rate for/);
  });

  it('refuses sandbox providers, default secrets and the embedded database in production', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' });
    expect(attempt).toThrow(/SANDBOX: production refuses sandbox providers/);
    expect(attempt).toThrow(/JWT_SECRET: production needs its own secret/);
    expect(attempt).toThrow(/ADMIN_PASSWORD/);
    expect(attempt).toThrow(/DATABASE_URL: production refuses the embedded database/);
  });

  it('allows the embedded database only when asked explicitly', () => {
    const config = loadConfig({ ...production, DATABASE_URL: '', ALLOW_EMBEDDED_DB: 'true' });
    expect(config).toMatchObject({ env: 'production', databaseUrl: undefined });
  });

  it('never starts production on the development secret or without an admin password', () => {
    const attempt = () =>
      loadConfig({
        ...production,
        JWT_SECRET: '',
        ADMIN_PASSWORD: '',
        ALLOW_DEFAULT_SECRETS: 'true',
      });
    expect(attempt).toThrow(/JWT_SECRET: production needs its own secret/);
    expect(attempt).toThrow(/ADMIN_PASSWORD: production needs its own admin password/);
    expect(attempt).toThrow(/ALLOW_DEFAULT_SECRETS: no longer exists/);
  });

  it.each([
    ['ADMIN_PASSWORD', 'Admin@12345'],
    ['ADMIN_PASSWORD', 'admin@12345'],
    ['JWT_SECRET', DEV_JWT_SECRET],
    ['DATABASE_URL', 'postgres://zstore:zstore@postgres:5432/zstore'],
    ['FAST2SMS_API_KEY', 'sandbox-fast2sms-key'],
    ['UPIGATEWAY_API_KEY', 'sandbox-upigateway-key'],
    ['GOOGLE_CLIENT_SECRET', 'sandbox-client-secret'],
    ['SMILEONE_KEY', 'sandbox-smileone-key'],
    ['MOOGOLD_SECRET', 'sandbox-moogold-secret'],
    ['WHATSAPP_APP_SECRET', 'sandbox-whatsapp-app-secret'],
  ])('refuses in production the published value of %s (%s)', (name, value) => {
    const attempt = () => loadConfig({ ...production, [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`${name}: production refuses a value published`));
  });

  it('keeps WhatsApp off in production unless enabled with all four of its settings', () => {
    expect(loadConfig(production).whatsapp.enabled).toBe(false);
    const attempt = () =>
      loadConfig({ ...production, WHATSAPP_ENABLED: 'true', WHATSAPP_ACCESS_TOKEN: 'token' });
    expect(attempt).toThrow(/WHATSAPP_PHONE_NUMBER_ID: required when WHATSAPP_ENABLED=true/);
    expect(attempt).toThrow(/WHATSAPP_APP_SECRET: required when WHATSAPP_ENABLED=true/);
    expect(attempt).toThrow(/WHATSAPP_VERIFY_TOKEN: required when WHATSAPP_ENABLED=true/);
    const enabled = loadConfig({
      ...production,
      WHATSAPP_ENABLED: 'true',
      WHATSAPP_ACCESS_TOKEN: 'token',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-token',
    });
    expect(enabled.whatsapp).toMatchObject({
      enabled: true,
      baseUrl: 'https://graph.facebook.com',
      apiVersion: 'v23.0',
    });
    expect(loadConfig({}).whatsapp).toMatchObject({ enabled: true, baseUrl: undefined });
  });

  it('never runs the sandbox in production, whatever else is set', () => {
    const attempt = () =>
      loadConfig({ ...production, SANDBOX: 'true', ALLOW_SANDBOX_IN_PRODUCTION: 'true' });
    expect(attempt).toThrow(/SANDBOX: production refuses sandbox providers/);
    expect(attempt).toThrow(/ALLOW_SANDBOX_IN_PRODUCTION: no longer exists/);
  });

  it('listens on loopback in sandbox mode unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(production).host).toBe('0.0.0.0');
  });

  it('takes booleans exactly: a typo is an error naming the variable, not false', () => {
    const attempt = () => loadConfig({ SANDBOX: 'ture', DELIVERY_ENABLED: '0' });
    expect(attempt).toThrow(/SANDBOX: must be true or false, got "ture"/);
    expect(attempt).toThrow(/DELIVERY_ENABLED: must be true or false, got "0"/);
    expect(loadConfig({ SANDBOX: 'false' }).sandbox).toBe(false);
    expect(loadConfig({ DELIVERY_ENABLED: '' }).delivery.enabled).toBe(true);
  });

  it('takes whole numbers only', () => {
    expect(() => loadConfig({ PORT: '3e3' })).toThrow(/PORT: must be a whole number/);
    expect(() => loadConfig({ WORKER_CONCURRENCY: '0' })).toThrow(
      /WORKER_CONCURRENCY: must be at least 1/,
    );
  });

  it('gives each queue its own worker concurrency, WORKER_CONCURRENCY unless set', () => {
    expect(
      loadConfig({ WORKER_CONCURRENCY: '4', WORKER_CONCURRENCY_MAIL: '2' }).jobs.concurrency,
    ).toEqual({ delivery: 4, payments: 4, mail: 2, maintenance: 4, batches: 1, callbacks: 4 });
    expect(() => loadConfig({ WORKER_CONCURRENCY_DELIVERY: '0' })).toThrow(
      /WORKER_CONCURRENCY_DELIVERY: must be at least 1/,
    );
  });

  it.each([
    ['true', true],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['127.0.0.1, 10.1.2.3,fd00::/8,loopback', ['127.0.0.1', '10.1.2.3', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%s', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('trusts no proxy by default and refuses a TRUST_PROXY it cannot read', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const raw of ['yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY: must be true, false/);
    }
  });

  it('serves the API docs outside production, and in production only when enabled', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it.each([
    ['too short', 'Sh0rt!', /ADMIN_PASSWORD: Password must be at least 8 characters/],
    ['common', 'password123', /ADMIN_PASSWORD: This password is too common/],
    ['common in another case', 'Qwerty123', /ADMIN_PASSWORD: This password is too common/],
  ])('refuses an admin password that is %s, as for users', (_, password, error) => {
    expect(() => loadConfig({ ...production, ADMIN_PASSWORD: password })).toThrow(error);
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
