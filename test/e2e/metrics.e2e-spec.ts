import os from 'node:os';
import { SupplierBalancesService } from '../../server/src/modules/operations/supplier-balances.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { catalogEntry } from './money.helpers.js';
import { placeWalletOrder, testPlayer, waitFor } from './supplier.helpers.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** This machine's first non-loopback IPv4 address: a caller that is not on loopback. */
function externalAddress() {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
  if (!address) throw new Error('this machine has no non-loopback IPv4 address');
  return address;
}

/** One sample's value from the exposition text, by metric name and exact label set. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (wanted.every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const byLabels = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  `${String(a.supplier)} ${String(a.status)} ${String(a.failure)}`.localeCompare(
    `${String(b.supplier)} ${String(b.status)} ${String(b.failure)}`,
  );

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT_USER_ACTIONS: '1000/60' });
  });
  afterAll(() => app.close());

  it('after an order is delivered, the page shows routes, orders, packs, queues, balances and the pool', async () => {
    const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    const { orderid } = await placeWalletOrder(app, entry, {
      input1: testPlayer('42'),
      input2: '1234',
      balance: 500_000,
    });
    const done = await waitFor(
      () => app.sql<{ status: string }>('SELECT status FROM orders WHERE orderid = $1', [orderid]),
      (rows) => rows[0]?.status === 'Completed',
      20_000,
    );
    expect(done[0].status).toBe('Completed');
    await app.http().get(`/api/order/orderdetail/${orderid}`);

    const response = await app
      .http()
      .get('/api/metrics')
      .set('authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.text;

    // Latency by route pattern: the order's id never appears as a label.
    expect(
      sample(text, 'zstore_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/order/createWalletOrder',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(orderid);

    expect(sample(text, 'zstore_orders', { status: 'Completed' })).toBe(1);
    expect(sample(text, 'zstore_order_payment_to_completion_seconds_count')).toBe(1);
    expect(
      sample(text, 'zstore_supplier_packs', {
        supplier: 'smileone',
        status: 'confirmed',
        failure: '',
      }),
    ).toBe(1);
    for (const queue of ['mail', 'maintenance', 'payments', 'delivery']) {
      expect(sample(text, 'zstore_queue_jobs', { queue, state: 'waiting' })).toBeGreaterThanOrEqual(
        0,
      );
    }
    expect(sample(text, 'zstore_jobs_failed_total')).toBeUndefined();
    expect(sample(text, 'zstore_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    for (const collector of ['orders', 'packs', 'queues', 'supplier_balances', 'db_pool']) {
      expect(sample(text, 'zstore_metrics_collector_up', { collector })).toBe(1);
    }
    expect(text).toContain('zstore_process_cpu_seconds_total');
  });

  it('counts each pack once, in the outcome it ended in, as a count of the purchases would', async () => {
    const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    const { orderid } = await placeWalletOrder(app, entry, {
      input1: testPlayer('13'),
      input2: '1234',
      balance: 500_000,
    });
    await waitFor(
      () =>
        app.sql<{ status: string }>(
          `SELECT status FROM supplier_purchases WHERE orderid = $1 AND status = 'failed'`,
          [orderid],
        ),
      (rows) => rows.length === 1,
      20_000,
    );
    const counted = await app.sql<{ supplier: string; status: string; failure: string; n: number }>(
      `SELECT supplier, status, coalesce(failure, '') AS failure, count(*)::int AS n
       FROM supplier_purchases GROUP BY 1, 2, 3`,
    );
    expect(counted).toContainEqual({
      supplier: 'smileone',
      status: 'failed',
      failure: 'player',
      n: 1,
    });

    const text = (
      await app.http().get('/api/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200)
    ).text;
    const shown = [...text.matchAll(/^zstore_supplier_packs\{(.*)\} (\S+)$/gm)].map(
      ([, labels, n]) => ({
        ...Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]])),
        n: Number(n),
      }),
    );
    expect(shown.filter((row) => row.n > 0).sort(byLabels)).toEqual(counted.sort(byLabels));
  });

  it('shows the supplier balances the worker cached, without asking the supplier on a scrape', async () => {
    await app.http().post('/sandbox/smileone/balances').send({ region: 'SMILEBR', points: 4321 });
    await app.store.app.get(SupplierBalancesService).refresh({ force: true });
    await app.http().post('/sandbox/smileone/balances').send({ region: 'SMILEBR', points: 60575 });

    const text = (
      await app.http().get('/api/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200)
    ).text;
    expect(
      sample(text, 'zstore_supplier_balance', { supplier: 'smileone', region: 'SMILEBR' }),
    ).toBe(4321);
    expect(
      sample(text, 'zstore_supplier_balance', { supplier: 'moogold', region: 'USD' }),
    ).toBeGreaterThan(0);
  });

  it('counts refused requests without timing them, so attacks on every route keep the page small', async () => {
    const route = { method: 'POST', route: '/api/order/createWalletOrder' };
    for (const body of ['{not json', '{}']) {
      await app
        .http()
        .post('/api/order/createWalletOrder')
        .set('content-type', 'application/json')
        .send(body);
    }
    const text = (
      await app.http().get('/api/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200)
    ).text;
    const refusals = [...text.matchAll(/^zstore_http_refusals_total\{(.*)\} (\d+)$/gm)]
      .filter(([, labels]) => labels.includes(`route="${route.route}"`))
      .reduce((sum, [, , count]) => sum + Number(count), 0);
    expect(refusals).toBeGreaterThanOrEqual(2);
    for (const status of ['400', '401']) {
      expect(
        sample(text, 'zstore_http_request_duration_seconds_count', {
          ...route,
          status_code: status,
        }),
      ).toBeUndefined();
    }
    const timed = [
      ...text.matchAll(/^zstore_http_request_duration_seconds_count\{.*status_code="(\d+)".*$/gm),
    ];
    expect(timed.map(([, status]) => status).filter((status) => status.startsWith('4'))).toEqual(
      [],
    );
  });

  it('refuses a caller without the token (401) or with a wrong one (403)', async () => {
    const missing = await app.http().get('/api/metrics').expect(401);
    expect(missing.body).toMatchObject({ code: 'UNAUTHORIZED' });
    const wrong = await app
      .http()
      .get('/api/metrics')
      .set('authorization', `Bearer ${TOKEN}x`)
      .expect(403);
    expect(wrong.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(wrong.text).not.toContain('zstore_');
  });
});

describe('GET /api/metrics without METRICS_TOKEN: loopback only', () => {
  let app: TestApp;

  beforeAll(async () => {
    // Listening beyond loopback, so a caller from the machine's other address can reach it.
    app = await startTestApp({ HOST: '0.0.0.0' });
  });
  afterAll(() => app.close());

  it('answers a caller on loopback', async () => {
    const response = await fetch(`${app.url}/api/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('zstore_http_request_duration_seconds');
  });

  it('refuses a caller from another address', async () => {
    const response = await fetch(`http://${externalAddress()}:${app.store.port}/api/metrics`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a request a proxy forwarded, even from loopback', async () => {
    const response = await fetch(`${app.url}/api/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.status).toBe(403);
  });
});

describe('GET /api/metrics in production without METRICS_TOKEN: nobody', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      NODE_ENV: 'production',
      SANDBOX: 'false',
      JWT_SECRET: 'a-production-secret-for-the-metrics-test-0123',
      RESELLER_KEY_ENCRYPTION_KEY: 'a-production-reseller-key-for-the-metrics-test',
      GST_GSTIN: '27AAPFU0939F1ZV',
      GST_LEGAL_NAME: 'Metrics Test Stores Private Limited',
      GST_ADDRESS: '1 Test Road, Mumbai 400001',
      ADMIN_PASSWORD: 'Str0ng-admin-pass',
      FAST2SMS_API_KEY: 'key',
      SMTP_HOST: '127.0.0.1',
      UPIGATEWAY_API_KEY: 'key',
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(() => app.close());

  it('answers 404 to a loopback caller, as a reverse proxy on the same host would be', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '203.0.113.9' },
      { authorization: 'Bearer x' },
    ];
    for (const headers of variants) {
      const response = await fetch(`${app.url}/api/metrics`, { headers });
      expect(response.status).toBe(404);
      const body = await response.text();
      expect(JSON.parse(body)).toMatchObject({ code: 'NOT_FOUND' });
      expect(body).not.toContain('zstore_');
    }
  });
});
