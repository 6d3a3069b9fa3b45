import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueueName } from '../../server/src/jobs/job.enum.js';
import { JobQueueService } from '../../server/src/jobs/job-queue.service.js';
import { AdminAlertsService } from '../../server/src/modules/operations/admin-alerts.service.js';
import { AlertChecksService } from '../../server/src/modules/operations/alert-checks.service.js';
import { SupplierBalancesService } from '../../server/src/modules/operations/supplier-balances.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { catalogEntry, newShopper, type CatalogEntry } from './money.helpers.js';
import { placeWalletOrder, testPlayer, waitFor } from './supplier.helpers.js';
import { orderRow, placeUpi } from './upi.helpers.js';

const ALERT_EMAIL = 'ops.alerts@example.com';

interface Mail {
  subject: string;
  text: string;
}

/** A stand-in for a Slack or Discord incoming webhook: it keeps what it was sent. */
async function startWebhook() {
  const posts: Array<{ text: string; kind: string }> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      posts.push(JSON.parse(body) as { text: string; kind: string });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, posts, close: () => server.close() };
}

/** Issue 11: each alert reaches the admin once per episode, by e-mail and by the webhook. */
describe('alerts to the admin', () => {
  let app: TestApp;
  let webhook: Awaited<ReturnType<typeof startWebhook>>;
  let brazil86: CatalogEntry;

  beforeAll(async () => {
    webhook = await startWebhook();
    app = await startTestApp({
      ALERT_EMAIL,
      ALERT_WEBHOOK_URL: webhook.url,
      ALERT_SMILEONE_POINTS_BELOW: '1000',
      ALERT_ATTENTION_MINUTES: '30',
      ALERT_FAILURES: '2',
      ALERT_QUEUE_BACKLOG: '1',
      PROVIDER_TIMEOUT_MS: '1000',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
    });
    brazil86 = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterEach(() => app.clock.reset());
  afterAll(async () => {
    await app.close();
    webhook.close();
  });

  const check = () => app.store.app.get(AlertChecksService).check();
  const mails = async (about: string) =>
    (
      (await app.http().get('/api/sandbox/outbox').query({ to: ALERT_EMAIL })).body as Mail[]
    ).filter((mail) => mail.text.includes(about));
  const posts = (about: string) => webhook.posts.filter((post) => post.text.includes(about));
  const alertRow = async (key: string) =>
    (
      await app.sql<{ resolved_at: Date | null; episodes: number }>(
        'SELECT resolved_at, episodes FROM admin_alerts WHERE key = $1',
        [key],
      )
    )[0];
  const setPoints = (region: string, points: number) =>
    app.http().post('/sandbox/smileone/balances').send({ region, points }).expect(200);

  it('supplier balance below the threshold: once per episode, shown on the console while open', async () => {
    const about = 'Smile.one balance (SMILEPH) is 500 points, below 1000';
    await setPoints('SMILEPH', 500);
    const balances = app.store.app.get(SupplierBalancesService);
    await balances.refresh({ force: true });
    await check();
    await check();
    expect(
      await waitFor(
        () => mails(about),
        (found) => found.length > 0,
      ),
    ).toHaveLength(1);
    expect(posts(about)).toEqual([
      expect.objectContaining({
        kind: 'supplier_balance_low',
        text: expect.stringContaining(about),
      }),
    ]);

    const admin = await newShopper(app, { role: 'admin' });
    const shown = await app.http().get('/api/admin/alerts').set(admin.auth).expect(200);
    expect(shown.body.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'supplier_balance_low',
          message: expect.stringContaining(about),
        }),
      ]),
    );
    const customer = await newShopper(app);
    await app.http().get('/api/admin/alerts').set(customer.auth).expect(403);

    // Topped up: the episode ends and the console no longer shows it.
    await setPoints('SMILEPH', 60575);
    await balances.refresh({ force: true });
    await check();
    expect((await alertRow('supplier-balance:smileone:SMILEPH')).resolved_at).not.toBeNull();
    const after = await app.http().get('/api/admin/alerts').set(admin.auth).expect(200);
    expect(after.body.alerts.map((alert: { kind: string }) => alert.kind)).not.toContain(
      'supplier_balance_low',
    );

    // Low again: a new episode, told again.
    await setPoints('SMILEPH', 500);
    await balances.refresh({ force: true });
    await check();
    expect(
      await waitFor(
        () => mails(about),
        (found) => found.length > 1,
      ),
    ).toHaveLength(2);
    expect((await alertRow('supplier-balance:smileone:SMILEPH')).episodes).toBe(2);
    await setPoints('SMILEPH', 60575);
    await balances.refresh({ force: true });
    await check();
  });

  it('a milder alert opened while a cause is escalated is turned into the escalated kind', async () => {
    const key = 'escalation-race';
    // The milder alert opens between the escalation's look for an open alert and its own open:
    // a statement trigger on that look (it finds nothing, so only a statement trigger fires).
    await app.sql(`
      CREATE FUNCTION open_milder_alert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO admin_alerts (key, kind, message)
        VALUES ('${key}', 'supplier_balance_low', 'The balance is low.') ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await app.sql(`
      CREATE TRIGGER open_milder_alert AFTER UPDATE ON admin_alerts
      FOR EACH STATEMENT EXECUTE FUNCTION open_milder_alert()`);
    try {
      await app.store.app
        .get(AdminAlertsService)
        .escalate(key, 'supplier_balance_short', 'The balance cannot pay for paid orders.');
    } finally {
      await app.sql('DROP TRIGGER open_milder_alert ON admin_alerts');
      await app.sql('DROP FUNCTION open_milder_alert');
    }
    const rows = await app.sql<{ kind: string; message: string; episodes: number }>(
      'SELECT kind, message, episodes FROM admin_alerts WHERE key = $1 AND resolved_at IS NULL',
      [key],
    );
    expect(rows).toEqual([
      {
        kind: 'supplier_balance_short',
        message: 'The balance cannot pay for paid orders.',
        episodes: 1,
      },
    ]);
  });

  it('orders waiting for the admin past the limit, and delivery failures above the rate', async () => {
    // Two Smile.one packs sent with no answer: unknown, so the orders wait for the admin.
    const orderids: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      const { orderid } = await placeWalletOrder(app, brazil86, {
        input1: testPlayer('99'),
        input2: '1234',
        balance: 500_000,
      });
      orderids.push(orderid);
    }
    await waitFor(
      () =>
        app.sql<{ delivery_status: string }>(
          'SELECT delivery_status FROM orders WHERE orderid = ANY($1)',
          [orderids],
        ),
      (rows) => rows.every((row) => row.delivery_status === 'needs_attention'),
      20_000,
    );
    const deliveries = 'supplier purchases failed or were left unknown';
    const waiting = 'have waited for the admin for more than 30 minutes';
    await check();
    expect(
      await waitFor(
        () => mails(deliveries),
        (found) => found.length > 0,
      ),
    ).toHaveLength(1);
    expect(await mails(waiting)).toHaveLength(0);

    app.clock.advance(31 * 60_000);
    await check();
    await check();
    expect(
      await waitFor(
        () => mails(waiting),
        (found) => found.length > 0,
      ),
    ).toHaveLength(1);
    expect(posts(waiting)).toHaveLength(1);
    expect(posts(deliveries)).toHaveLength(1);
    // Past the failure window, the delivery episode ends.
    expect((await alertRow('delivery-failures')).resolved_at).not.toBeNull();
  });

  it('UPI payment failures above the rate', async () => {
    const about = 'UPI payments failed in the last 15 minutes';
    for (let n = 0; n < 2; n += 1) {
      const shopper = await newShopper(app);
      const { orderid, paymentUrl } = await placeUpi(app, shopper, brazil86);
      await app
        .http()
        .post(`${new URL(paymentUrl).pathname}/fail`)
        .expect(302);
      // The order's first check may hold this window; the webhook's check lands at its end.
      await waitFor(
        () => orderRow(app, orderid),
        (row) => row.status === 'Failed',
      );
      await check();
    }
    await check();
    expect(
      await waitFor(
        () => mails(about),
        (found) => found.length > 0,
      ),
    ).toHaveLength(1);
    expect(posts(about)).toEqual([expect.objectContaining({ kind: 'payment_failures' })]);
  });

  it('a queue backlog: told once, even while the mail queue itself is held up', async () => {
    const about = 'The mail queue has';
    const mailQueue = app.store.app.get(JobQueueService).getQueue(QueueName.Mail);
    await mailQueue.pause();
    try {
      for (let n = 0; n < 2; n += 1) {
        await app
          .http()
          .post('/api/password/forgetpassword')
          .send({ email: 'user@example.com' })
          .expect(200);
      }
      await check();
      await check();
      expect(posts(about)).toHaveLength(1);
      expect((await alertRow('queue-backlog:mail')).resolved_at).toBeNull();
    } finally {
      await mailQueue.resume();
    }
    expect(
      await waitFor(
        () => mails(about),
        (found) => found.length > 0,
      ),
    ).toHaveLength(1);
    await waitFor(
      async () => (await mailQueue.getJobCounts('waiting')).waiting === 0,
      (empty) => empty,
      10_000,
    );
    await check();
    expect((await alertRow('queue-backlog:mail')).resolved_at).not.toBeNull();
  });
});
