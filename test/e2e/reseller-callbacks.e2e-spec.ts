import { createHmac } from 'node:crypto';
import { ResellerCallbacks } from '../../server/src/modules/reseller-api/callbacks/callbacks.service.js';
import { JobName } from '../../server/src/jobs/job.enum.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { startTestDns, type TestDnsServer } from '../utils/dns-server.js';
import { afterSweeps } from '../utils/sweeps.js';
import { waitFor } from '../utils/wait.js';
import { startReceiver, type ReceivedCallback } from './callback-receiver.js';
import {
  expectLedgerConsistent,
  sessionOf,
  testItem,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { clientFor, newReseller, type ResellerKey } from './reseller.helpers.js';

const ORDERS = '/api/reseller/v1/orders';

interface LoggedEvent {
  eventId: string;
  type: string;
  orderid: string;
  state: string;
  attempts: number;
  nextAttemptAt: string | null;
  log: Array<{
    attemptedAt: string;
    statusCode: number | null;
    latencyMs: number;
    answer: string | null;
    error: string | null;
  }>;
}
const typeOf = (received: ReceivedCallback) => (JSON.parse(received.body) as { type: string }).type;

/** What a reseller's receiver does with `X-Signature` (RESELLER-API.md section 4). */
function verify(received: ReceivedCallback, secret: string) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(received.headers['x-signature']));
  if (!match) return false;
  const expected = createHmac('sha256', secret)
    .update(`${match[1]}.${received.body}`)
    .digest('hex');
  return expected === match[2];
}

async function createKey(
  app: TestApp,
  admin: Shopper,
  reseller: Shopper,
  body: Record<string, unknown>,
): Promise<ResellerKey> {
  const answer = await app
    .http()
    .post(`/api/admin/resellers/${reseller.userid}/keys`)
    .set(admin.auth)
    .send({ label: 'Callback bot', mode: 'live', ...body })
    .expect(201);
  return answer.body as ResellerKey;
}

describe('reseller callbacks: signed, at least once, in order, with backoff and a log', () => {
  let app: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: Shopper;
  let reseller: Shopper;
  let pack: CatalogEntry;
  let key: ResellerKey;

  beforeAll(async () => {
    receiver = await startReceiver();
    // No supplier: the admin completes or refunds each order by hand. Sweeps run often, so a
    // retry is picked up soon after the test moves the clock past its backoff.
    app = await startTestApp({ DELIVERY_ENABLED: 'false', SWEEP_INTERVAL_MS: '300' });
    admin = await sessionOf(app, 'admin@example.com');
    pack = await testItem(app, 12_000);
    reseller = await newReseller(app, 200_000);
    key = await createKey(app, admin, reseller, { callbackUrl: receiver.url('/hooks/main') });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  const place = async (reference: string, extra: Record<string, string> = {}) => {
    const answer = await clientFor(app, key).post(ORDERS, {
      reference,
      item_id: pack.itemId,
      input1: '55667788',
      input2: 'Arjun',
      ...extra,
    });
    expect(answer.status).toBe(201);
    return answer.body.order as { orderid: string };
  };
  const moveOrder = async (orderid: string, status: 'Completed' | 'Refunded') => {
    const [row] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      orderid,
    ]);
    await app
      .http()
      .get(`/api/admin/updateorder/${row.id}/${status}/${encodeURIComponent('By hand')}`)
      .set(admin.auth)
      .expect(200);
  };
  const logOf = async (reference: string) => {
    const answer = await app
      .http()
      .get(`/api/resellers/${reseller.userid}/callbacks`)
      .query({ reference })
      .set(reseller.auth)
      .expect(200);
    return answer.body.events as LoggedEvent[];
  };
  const eventsFor = (reference: string) =>
    receiver.received
      .filter((r) => r.path.startsWith('/hooks/'))
      .map((r) => ({ ...r, event: JSON.parse(r.body) }))
      .filter((r) => r.event.order.reference === reference);

  it('posts order.completed signed with the key secret, X-Event-Id repeating the id', async () => {
    const order = await place('cb-1');
    await moveOrder(order.orderid, 'Completed');
    const [got] = await waitFor(() => eventsFor('cb-1').length > 0 && eventsFor('cb-1'));
    expect(got.headers['content-type']).toBe('application/json');
    expect(verify(got, key.secret)).toBe(true);
    expect(verify(got, 'another secret')).toBe(false);
    expect(got.headers['x-event-id']).toBe(got.event.id);
    expect(got.event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'order.completed',
      created_at: expect.any(String),
      order: {
        orderid: order.orderid,
        reference: 'cb-1',
        status: 'Completed',
        price_paise: 12_000,
      },
    });
    const timestamp = Number(/t=(\d+)/.exec(String(got.headers['x-signature']))![1]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);

    const [logged] = await waitFor(async () => {
      const log = await logOf('cb-1');
      return log[0]?.state === 'delivered' && log;
    });
    expect(logged).toMatchObject({
      eventId: got.event.id,
      type: 'order.completed',
      orderid: order.orderid,
      state: 'delivered',
      attempts: 1,
      nextAttemptAt: null,
      log: [{ statusCode: 200, answer: 'ok', error: null, nextAttemptAt: null }],
    });
    expect(logged.log[0].latencyMs).toEqual(expect.any(Number));
    await expectLedgerConsistent(app);
  });

  it('sends to the order’s own callback_url over the key’s, order.refunded on a refund', async () => {
    const order = await place('cb-own', { callback_url: receiver.url('/hooks/own') });
    await moveOrder(order.orderid, 'Refunded');
    const [got] = await waitFor(
      () => receiver.at('/hooks/own').length > 0 && receiver.at('/hooks/own'),
    );
    expect(verify(got, key.secret)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'order.refunded',
      order: { reference: 'cb-own', status: 'Refunded', refund: { amount_paise: 12_000 } },
    });
    expect(receiver.at('/hooks/main').filter((r) => r.body.includes('cb-own'))).toEqual([]);
    await expectLedgerConsistent(app);
  });

  it('retries after a 500 only once the backoff has passed, then delivers; the log shows both', async () => {
    await app
      .http()
      .patch(`/api/resellers/${reseller.userid}/keys/${key.keyId}`)
      .set(reseller.auth)
      .send({ callbackUrl: receiver.url('/hooks/flaky') })
      .expect(200);
    receiver.answer('/hooks/flaky', 500);
    const order = await place('cb-retry');
    await moveOrder(order.orderid, 'Completed');
    await waitFor(() => receiver.at('/hooks/flaky').length === 1);
    const failed = await waitFor(async () => {
      const [event] = await logOf('cb-retry');
      return event?.attempts === 1 && event;
    });
    expect(failed).toMatchObject({ state: 'pending', log: [{ statusCode: 500 }] });
    expect(failed.log[0].answer).toBe('receiver is down');
    const waited = Date.parse(failed.nextAttemptAt!) - Date.parse(failed.log[0].attemptedAt);
    expect(waited).toBeGreaterThanOrEqual(59_000);
    expect(waited).toBeLessThanOrEqual(61_000);

    // Sweeps come and go: nothing is sent before the minute has passed.
    await afterSweeps(app, JobName.ResellerCallbackSweep, 3);
    expect(receiver.at('/hooks/flaky')).toHaveLength(1);

    app.clock.advance(61_000);
    await waitFor(() => receiver.at('/hooks/flaky').length === 2, 20_000, 'the retry');
    const [first, second] = receiver.at('/hooks/flaky');
    expect(second.headers['x-event-id']).toBe(first.headers['x-event-id']);
    expect(second.body).toBe(first.body);
    expect(verify(second, key.secret)).toBe(true);
    const delivered = await waitFor(async () => {
      const [event] = await logOf('cb-retry');
      return event?.state === 'delivered' && event;
    });
    expect(delivered.log.map((a) => a.statusCode)).toEqual([500, 200]);
  });

  it('gives up after 24 hours of failures, and shows it', async () => {
    await app
      .http()
      .patch(`/api/admin/resellers/${reseller.userid}/keys/${key.keyId}`)
      .set(admin.auth)
      .send({ callbackUrl: receiver.url('/hooks/down') })
      .expect(200);
    receiver.answer('/hooks/down', ...Array.from({ length: 20 }, () => 503));
    const order = await place('cb-down');
    await moveOrder(order.orderid, 'Completed');
    // The store counts a try once it has written it down; the clock moves only after that, or
    // the next try would be planned from the moved clock.
    const recorded = (tries: number) =>
      waitFor(
        async () => (await logOf('cb-down'))[0]?.attempts === tries,
        20_000,
        `try ${tries} in the log`,
      );
    await waitFor(() => receiver.at('/hooks/down').length === 1);
    await recorded(1);
    // 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, then the last try at 24 h.
    for (const [index, step] of [
      61e3, 301e3, 1801e3, 7201e3, 21601e3, 43201e3, 14400e3,
    ].entries()) {
      app.clock.advance(step);
      await waitFor(
        () => receiver.at('/hooks/down').length === index + 2,
        20_000,
        `try ${index + 2}`,
      );
      await recorded(index + 2);
    }
    const [event] = await waitFor(async () => {
      const log = await logOf('cb-down');
      return log[0]?.state === 'given_up' && log;
    });
    expect(event.attempts).toBe(8);
    expect(event.nextAttemptAt).toBeNull();
    app.clock.advance(86_400_000);
    await afterSweeps(app, JobName.ResellerCallbackSweep, 2);
    expect(receiver.at('/hooks/down')).toHaveLength(8);

    // The reseller re-sends it once the receiver is back: the same event, delivered.
    receiver.answer('/hooks/down');
    const resent = await app
      .http()
      .post(`/api/resellers/${reseller.userid}/callbacks/${event.eventId}/resend`)
      .set(reseller.auth)
      .expect(200);
    expect(resent.body).toMatchObject({ eventId: event.eventId, state: 'pending' });
    await waitFor(() => receiver.at('/hooks/down').length === 9);
    const last = receiver.at('/hooks/down')[8];
    expect(last.headers['x-event-id']).toBe(event.eventId);
    expect(verify(last, key.secret)).toBe(true);
    await waitFor(async () => (await logOf('cb-down'))[0]?.state === 'delivered');
  });

  it('lets the admin see the log and re-send a delivered event', async () => {
    const log = await app
      .http()
      .get(`/api/admin/resellers/${reseller.userid}/callbacks`)
      .query({ reference: 'cb-1' })
      .set(admin.auth)
      .expect(200);
    const [event] = log.body.events;
    expect(event.state).toBe('delivered');
    const before = receiver.at('/hooks/main').length;
    await app
      .http()
      .post(`/api/admin/resellers/${reseller.userid}/callbacks/${event.eventId}/resend`)
      .set(admin.auth)
      .expect(200);
    await waitFor(() => receiver.at('/hooks/main').length === before + 1);
    expect(receiver.at('/hooks/main')[before].headers['x-event-id']).toBe(event.eventId);
    const after = await waitFor(async () => {
      const [again] = (
        await app
          .http()
          .get(`/api/admin/resellers/${reseller.userid}/callbacks`)
          .query({ reference: 'cb-1' })
          .set(admin.auth)
      ).body.events as LoggedEvent[];
      return again.attempts === 2 && again.state === 'delivered' && again;
    });
    expect(after.log).toHaveLength(2);
    await app
      .http()
      .post(`/api/admin/resellers/${reseller.userid}/callbacks/evt_000000000000000000000000/resend`)
      .set(admin.auth)
      .expect(404);
  });

  it('sends a test key’s events to the sandbox receiver, where the outbox shows them', async () => {
    const testKey = await createKey(app, admin, reseller, {
      mode: 'test',
      label: 'Sandbox bot',
      callbackUrl: `${app.url}/sandbox/reseller-callbacks/devbot`,
    });
    const client = clientFor(app, testKey);
    await client.post('/api/reseller/v1/sandbox/topup', { amount_paise: 100_000 });
    const order = (reference: string, input1: string) =>
      client.post(ORDERS, { reference, item_id: pack.itemId, input1, input2: 'Tester' });
    expect((await order('dev-ok', '12345678')).status).toBe(201);
    expect((await order('dev-refused', '12345613')).status).toBe(201);

    const outbox = await waitFor(async () => {
      const answer = await app
        .http()
        .get('/api/sandbox/outbox')
        .query({ to: 'devbot' })
        .expect(200);
      const messages = answer.body as Array<{ channel: string; subject: string; text: string }>;
      return messages.length === 2 && messages;
    });
    expect(outbox.every((message) => message.channel === 'callback')).toBe(true);
    const subjects = outbox.map((message) => message.subject.split(' ')[0]).sort();
    expect(subjects).toEqual(['order.completed', 'order.refunded']);
    const completed = outbox.find((message) => message.subject.startsWith('order.completed'))!;
    expect(completed.text).toContain('X-Signature: t=');
    expect(completed.text).toContain('"reference": "dev-ok"');
    expect(completed.text).toContain('"status": "Completed"');

    const page = await app.http().get('/sandbox/outbox').query({ to: 'devbot' }).expect(200);
    expect(page.text).toContain('CALLBACK to devbot');
    expect(page.text).toContain('order.refunded');
  });

  it('never sends an order’s later event before its earlier one is delivered', async () => {
    // An order moves once after it is placed today; two events of one order are written the way
    // the sandbox writes a test order's, to hold the order of sending to account.
    const callbacks = app.store.app.get(ResellerCallbacks);
    receiver.answer('/hooks/order', 500, 500);
    const [row] = await app.sql<{ id: string }>(
      'SELECT id FROM reseller_api_keys WHERE key_id = $1',
      [key.keyId],
    );
    const active = {
      id: row.id,
      callbackUrl: receiver.url('/hooks/order'),
      reseller: { id: reseller.id },
    } as Parameters<ResellerCallbacks['testOrderPlaced']>[0];
    const now = app.clock.now();
    const view = (status: string) =>
      ({ orderid: 'ZXORDERTEST1', reference: 'cb-seq', status }) as never;
    await callbacks.testOrderPlaced(
      active,
      { orderid: 'ZXORDERTEST1', reference: 'cb-seq' },
      undefined,
      [
        { type: 'order.processing', at: now, order: view('Processing') },
        { type: 'order.completed', at: now, order: view('Completed') },
      ],
    );
    await waitFor(() => receiver.at('/hooks/order').length === 1);
    await afterSweeps(app, JobName.ResellerCallbackSweep, 2);
    expect(receiver.at('/hooks/order').map(typeOf)).toEqual(['order.processing']);
    app.clock.advance(61_000);
    await waitFor(() => receiver.at('/hooks/order').length === 2);
    await afterSweeps(app, JobName.ResellerCallbackSweep, 2);
    expect(receiver.at('/hooks/order')).toHaveLength(2);
    app.clock.advance(301_000);
    await waitFor(() => receiver.at('/hooks/order').length === 4, 20_000, 'both events');
    expect(receiver.at('/hooks/order').map((r) => [typeOf(r), r.answered])).toEqual([
      ['order.processing', 500],
      ['order.processing', 500],
      ['order.processing', 200],
      ['order.completed', 200],
    ]);
  });
});

describe('reseller callbacks in production: the address is checked after DNS', () => {
  let app: TestApp;
  let dns: TestDnsServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    dns = await startTestDns({
      'hooks.reseller-shop.in': '127.0.0.1',
      'metadata.reseller-shop.in': '169.254.169.254',
      'lan.reseller-shop.in': '10.20.30.40',
    });
    app = await startTestApp({
      NODE_ENV: 'production',
      SANDBOX: 'false',
      JWT_SECRET: 'a-production-secret-for-the-callbacks-test-0123',
      RESELLER_KEY_ENCRYPTION_KEY: 'a-production-reseller-key-for-the-callbacks-test',
      GST_GSTIN: '27AAPFU0939F1ZV',
      GST_LEGAL_NAME: 'Callbacks Test Stores Private Limited',
      GST_ADDRESS: '1 Test Road, Mumbai 400001',
      ADMIN_PASSWORD: 'Str0ng-admin-pass',
      FAST2SMS_API_KEY: 'key',
      SMTP_HOST: '127.0.0.1',
      UPIGATEWAY_API_KEY: 'key',
      DELIVERY_ENABLED: 'false',
      RESELLER_CALLBACK_DNS_SERVERS: dns.address,
    });
  });
  afterAll(async () => {
    await app.close();
    await dns.close();
    await receiver.close();
  });

  it('refuses http and private addresses when the URL is set', async () => {
    const admin = await sessionOf(app, 'admin@example.com');
    const reseller = await newReseller(app, 0);
    for (const callbackUrl of [
      receiver.url('/hooks'),
      'https://127.0.0.1/hooks',
      'https://[::1]/hooks',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://localhost/hooks',
    ]) {
      const answer = await app
        .http()
        .post(`/api/admin/resellers/${reseller.userid}/keys`)
        .set(admin.auth)
        .send({ label: 'Prod bot', mode: 'live', callbackUrl });
      expect({ callbackUrl, status: answer.status }).toEqual({ callbackUrl, status: 400 });
    }
  });

  it('refuses, at send time, a host name that resolves to a private address, connecting nowhere', async () => {
    const admin = await sessionOf(app, 'admin@example.com');
    const reseller = await newReseller(app, 100_000);
    const pack = await testItem(app, 10_000);
    const hosts = ['hooks.reseller-shop.in', 'metadata.reseller-shop.in', 'lan.reseller-shop.in'];
    for (const [index, host] of hosts.entries()) {
      // The name is a public-looking one: only its DNS answer says where it goes.
      const key = await createKey(app, admin, reseller, {
        callbackUrl: `https://${host}:${receiver.port}/hooks`,
      });
      const reference = `prod-${index}`;
      const placed = await clientFor(app, key).post(ORDERS, {
        reference,
        item_id: pack.itemId,
        input1: '55667788',
        input2: 'Arjun',
      });
      expect(placed.status).toBe(201);
      const [row] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
        placed.body.order.orderid,
      ]);
      await app
        .http()
        .get(`/api/admin/updateorder/${row.id}/Completed/done`)
        .set(admin.auth)
        .expect(200);
      const [event] = await waitFor(async () => {
        const log = await app
          .http()
          .get(`/api/admin/resellers/${reseller.userid}/callbacks`)
          .query({ reference })
          .set(admin.auth)
          .expect(200);
        const events = log.body.events as LoggedEvent[];
        return events[0]?.attempts === 1 && events;
      });
      expect(event.state).toBe('pending');
      expect(event.log[0]).toMatchObject({
        statusCode: null,
        error: expect.stringContaining('private or reserved address: refused'),
      });
      expect(dns.asked).toContain(host);
    }
    expect(receiver.connections()).toBe(0);
    await expectLedgerConsistent(app);
  });
});
