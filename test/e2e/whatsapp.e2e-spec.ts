import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WHATSAPP_CONSENT_TEXT } from '@zstore/contract/whatsapp-consent';
import type { AppConfig } from '../../server/src/config/config.js';
import { JobStatus } from '../../server/src/jobs/job.enum.js';
import { WhatsAppNews } from '../../server/src/modules/whatsapp/whatsapp-news.service.js';
import { ProviderUrls } from '../../server/src/providers/provider-urls.js';
import { WhatsAppAdapter } from '../../server/src/providers/whatsapp/whatsapp.adapter.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { waitForMessage } from '../utils/outbox.js';
import {
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  sessionOf,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { testPlayer, waitFor } from './supplier.helpers.js';

interface StoredMessage {
  id: string;
  event_key: string;
  status: string;
  attempts: number;
  wamid: string | null;
  body_values: string[];
  last_error: string | null;
}

interface Consent {
  user_id: string;
  mobilenumber: string;
  action: string;
  text: string;
  channel: string;
  language: string;
  created_at: Date;
}

let mobileSequence = 0;
/** A fresh mobile number that the simulator delivers to (one ending in 13 never receives). */
const freshMobile = () => {
  mobileSequence += 1;
  return `7${String(Date.now() % 1e6).padStart(6, '0')}${String(mobileSequence).padStart(2, '0')}5`;
};

/** Order news on WhatsApp (issue 25, point 2): adapter, simulator, webhooks, consent, jobs. */
describe('WhatsApp order news', () => {
  let app: TestApp;
  let diamonds: CatalogEntry;
  let bgmi: CatalogEntry;
  let admin: Shopper;

  beforeAll(async () => {
    app = await startTestApp({
      PROVIDER_TIMEOUT_MS: '2000',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      RATE_LIMIT_CHECKID: '1000/60',
    });
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    bgmi = await catalogEntry(app, 'BGMI', '60 UC');
    admin = await sessionOf(app, 'admin@example.com');
  });
  afterAll(() => app.close());

  const messagesOf = (userId: string) =>
    app.sql<StoredMessage>(
      `SELECT id, event_key, status, attempts, wamid, body_values, last_error
       FROM whatsapp_messages WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
  const consentsOf = (userId: string) =>
    app.sql<Consent>(
      `SELECT user_id, mobilenumber, action, text, channel, language, created_at
       FROM whatsapp_consents WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
  const whatsAppOutbox = async (mobile: string) =>
    (
      (await app.http().get('/api/sandbox/outbox').query({ to: mobile }).expect(200))
        .body as Array<{
        channel: string;
        subject: string | null;
        text: string;
      }>
    ).filter((message) => message.channel === 'whatsapp');

  const sign = (body: string, secret = app.config.whatsapp.appSecret) =>
    `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  async function optedInShopper(balance: number, mobile = freshMobile()) {
    const shopper = await newShopper(app, { balance, mobile });
    await app
      .http()
      .put('/api/whatsapp/consent')
      .set(shopper.auth)
      .send({ optIn: true, channel: 'checkout' })
      .expect(200);
    return { shopper, mobile };
  }

  async function buy(shopper: Shopper, entry: CatalogEntry, input1: string, input2 = '1234') {
    const response = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, entry, { input1, input2, paymentmode: 'wallet' }))
      .expect(200);
    return (response.body as { orderid: string }).orderid;
  }

  const orderStatus = async (orderid: string) =>
    (
      await app.sql<{ id: string; status: string }>(
        'SELECT id, status FROM orders WHERE orderid = $1',
        [orderid],
      )
    )[0];
  const ended = (orderid: string) =>
    waitFor(
      () => orderStatus(orderid),
      (order) => order.status !== 'Processing',
      20_000,
    );

  it('sends the Cloud API wire format: path, bearer token and the template object', async () => {
    const seen: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
    const capture = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ url: request.url!, headers: request.headers, body });
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            messaging_product: 'whatsapp',
            contacts: [{ input: '919812345675', wa_id: '919812345675' }],
            messages: [{ id: 'wamid.CAPTURED', message_status: 'accepted' }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
    try {
      const config = {
        ...app.config,
        whatsapp: {
          ...app.config.whatsapp,
          baseUrl: `http://127.0.0.1:${(capture.address() as AddressInfo).port}`,
        },
      } as AppConfig;
      const adapter = new WhatsAppAdapter(config, app.store.app.get(ProviderUrls));
      const wamid = await adapter.sendTemplate({
        to: '919812345675',
        template: 'orderCompleted',
        language: 'en',
        values: ['ZS1', '86 Diamonds,\nMobile Legends', '10000001 / 1001', 'SandboxHero'],
      });
      expect(wamid).toBe('wamid.CAPTURED');
      expect(seen).toHaveLength(1);
      expect(seen[0].url).toBe('/v23.0/100000000000001/messages');
      expect(seen[0].headers.authorization).toBe('Bearer sandbox-whatsapp-token');
      expect(seen[0].headers['content-type']).toBe('application/json');
      expect(JSON.parse(seen[0].body)).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '919812345675',
        type: 'template',
        template: {
          name: 'zstore_order_completed',
          language: { code: 'en' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'ZS1' },
                // WhatsApp refuses new lines in a value; the adapter folds them.
                { type: 'text', text: '86 Diamonds, Mobile Legends' },
                { type: 'text', text: '10000001 / 1001' },
                { type: 'text', text: 'SandboxHero' },
              ],
            },
          ],
        },
      });
      // A language without an approved translation goes out in English.
      await adapter.sendTemplate({
        to: '919812345675',
        template: 'signInCode',
        language: 'xx',
        values: ['1234'],
      });
      const otp = JSON.parse(seen[1].body) as {
        template: { language: unknown; components: unknown };
      };
      expect(otp.template.language).toEqual({ code: 'en' });
      expect(otp.template.components).toEqual([
        { type: 'body', parameters: [{ type: 'text', text: '1234' }] },
        {
          type: 'button',
          sub_type: 'url',
          index: '0',
          parameters: [{ type: 'text', text: '1234' }],
        },
      ]);
    } finally {
      capture.close();
    }
  });

  it('the simulator holds the adapter to the same format: token, template, parameter count', async () => {
    const simulator = `/sandbox/whatsapp/v23.0/${app.config.whatsapp.phoneNumberId}/messages`;
    const template = (parameters: unknown[]) => ({
      messaging_product: 'whatsapp',
      to: '919812345675',
      type: 'template',
      template: {
        name: 'zstore_order_refunded',
        language: { code: 'en' },
        components: [{ type: 'body', parameters }],
      },
    });
    const three = ['a', 'b', 'c'].map((text) => ({ type: 'text', text }));
    const wrongToken = await app
      .http()
      .post(simulator)
      .set('authorization', 'Bearer nope')
      .send(template(three))
      .expect(401);
    expect(wrongToken.body.error.code).toBe(190);
    const tooFew = await app
      .http()
      .post(simulator)
      .set('authorization', `Bearer ${app.config.whatsapp.accessToken}`)
      .send(template(three.slice(1)))
      .expect(400);
    expect(tooFew.body.error.code).toBe(132000);
    const text = await app
      .http()
      .post(simulator)
      .set('authorization', `Bearer ${app.config.whatsapp.accessToken}`)
      .send({
        messaging_product: 'whatsapp',
        to: '919812345675',
        type: 'text',
        text: { body: 'hi' },
      })
      .expect(400);
    expect(text.body.error.code).toBe(131047);

    const adapter = app.store.app.get(WhatsAppAdapter);
    const wamid = await adapter.sendTemplate({
      to: '919812345675',
      template: 'orderRefunded',
      language: 'en',
      values: [
        'ZS9',
        '60 UC, BGMI',
        'We could not deliver this order. ₹75 went back to your Z-Coins.',
      ],
    });
    expect(wamid).toMatch(/^wamid\./);
    const [filed] = await whatsAppOutbox('9812345675');
    expect(filed.subject).toBe('zstore_order_refunded');
    expect(filed.text).toBe(
      'We refunded your Z Store order ZS9 (60 UC, BGMI). We could not deliver this order. ₹75 went back to your Z-Coins.',
    );
  });

  it('answers the subscription check only with the verify token', async () => {
    const check = (token: string) =>
      app.http().get('/api/whatsapp/webhook').query({
        'hub.mode': 'subscribe',
        'hub.verify_token': token,
        'hub.challenge': '1158201444',
      });
    const good = await check(app.config.whatsapp.verifyToken).expect(200);
    expect(good.text).toBe('1158201444');
    await check('not-the-token').expect(403);
  });

  it('a completed order of an opted-in customer: one message with pack, player and in-game name, statuses recorded', async () => {
    const { shopper, mobile } = await optedInShopper(diamonds.price);
    const player = testPlayer('01');
    // The check-id call before buying is what finds the in-game name the order keeps.
    const check = await app.http().post('/api/order/checkid').send({
      userid: player,
      zoneid: '1234',
      selectedProduct: diamonds.productId,
      selectedItem: diamonds.itemId,
    });
    expect(check.body.username).toBe(`Player${player.slice(-4)}`);
    const orderid = await buy(shopper, diamonds, player);
    expect((await ended(orderid)).status).toBe('Completed');

    const message = await waitForMessage(app.url, mobile, (m) => m.channel === 'whatsapp');
    expect(message.text).toBe(
      `Your Z Store order ${orderid} is complete: 86 Diamonds, Mobile Legends (Brazil server) was delivered to player ${player} / 1234 (in-game name: Player${player.slice(-4)}).`,
    );
    // The simulator reports `sent` then `delivered` through the signed webhook.
    const [stored] = await waitFor(
      () => messagesOf(shopper.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(stored.event_key).toBe(`order-${orderid}-completed`);
    expect(stored.wamid).toMatch(/^wamid\./);
    expect(stored.attempts).toBe(1);
    await expectLedgerConsistent(app);
  });

  it('refuses a webhook with a wrong signature and records a signed one, never moving a status back', async () => {
    const { shopper } = await optedInShopper(diamonds.price);
    const orderid = await buy(shopper, diamonds, testPlayer('01'));
    await ended(orderid);
    const [message] = await waitFor(
      () => messagesOf(shopper.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    const event = (status: string) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '1',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  statuses: [
                    { id: message.wamid, status, timestamp: '1764500000', recipient_id: '91' },
                  ],
                },
              },
            ],
          },
        ],
      });
    const post = (body: string, signature?: string) => {
      const call = app.http().post('/api/whatsapp/webhook').set('content-type', 'application/json');
      return (signature ? call.set('x-hub-signature-256', signature) : call).send(body);
    };
    const read = event('read');
    await post(read).expect(401);
    await post(read, sign(read, 'the-wrong-secret')).expect(401);
    // Signed, but for other bytes: the same JSON spaced differently.
    await post(read, sign(read.replace(',', ', '))).expect(401);
    expect((await messagesOf(shopper.id))[0].status).toBe('delivered');

    await post(read, sign(read)).expect(200);
    expect((await messagesOf(shopper.id))[0].status).toBe('read');
    const late = event('sent');
    await post(late, sign(late)).expect(200);
    expect((await messagesOf(shopper.id))[0].status).toBe('read');
  });

  it('records the opt-in: who, when, the exact text and where; the profile opt-out too', async () => {
    const mobile = freshMobile();
    const shopper = await newShopper(app, { mobile });
    const before = await app.http().get('/api/whatsapp/consent').set(shopper.auth).expect(200);
    expect(before.body).toMatchObject({
      available: true,
      optedIn: false,
      consentText: WHATSAPP_CONSENT_TEXT,
      channel: null,
    });
    await app
      .http()
      .put('/api/whatsapp/consent')
      .send({ optIn: true, channel: 'profile' })
      .expect(401);
    await app
      .http()
      .put('/api/whatsapp/consent')
      .set(shopper.auth)
      .send({ optIn: true, channel: 'nowhere' })
      .expect(400);

    const on = await app
      .http()
      .put('/api/whatsapp/consent')
      .set(shopper.auth)
      .send({ optIn: true, channel: 'checkout' })
      .expect(200);
    expect(on.body).toMatchObject({
      optedIn: true,
      mobilenumber: mobile,
      channel: 'checkout',
      language: 'en',
    });
    const [consent] = await consentsOf(shopper.id);
    expect(consent).toMatchObject({
      user_id: shopper.id,
      mobilenumber: mobile,
      action: 'opt_in',
      text: WHATSAPP_CONSENT_TEXT,
      channel: 'checkout',
      language: 'en',
    });
    expect(Date.now() - new Date(consent.created_at).getTime()).toBeLessThan(60_000);

    await app
      .http()
      .put('/api/whatsapp/consent')
      .set(shopper.auth)
      .send({ optIn: false, channel: 'profile' })
      .expect(200);
    const rows = await consentsOf(shopper.id);
    expect(rows.map((row) => [row.action, row.channel])).toEqual([
      ['opt_in', 'checkout'],
      ['opt_out', 'profile'],
    ]);
    const after = await app.http().get('/api/whatsapp/consent').set(shopper.auth).expect(200);
    expect(after.body.optedIn).toBe(false);

    const noMobile = await newShopper(app, { mobile: null });
    const refused = await app
      .http()
      .put('/api/whatsapp/consent')
      .set(noMobile.auth)
      .send({ optIn: true, channel: 'profile' })
      .expect(409);
    expect(refused.body.code).toBe('WHATSAPP_NO_MOBILE');
  });

  it('sends nothing to a customer who never opted in', async () => {
    const mobile = freshMobile();
    const shopper = await newShopper(app, { balance: diamonds.price, mobile });
    const orderid = await buy(shopper, diamonds, testPlayer('01'));
    expect((await ended(orderid)).status).toBe('Completed');
    // The e-mail receipt is recorded in the same transaction, so by now a message would be too.
    await waitForMessage(app.url, shopper.email, (m) => /receipt/i.test(m.subject ?? ''));
    expect(await messagesOf(shopper.id)).toEqual([]);
    expect(await whatsAppOutbox(mobile)).toEqual([]);
  });

  it('a customer replying STOP is opted out and gets no more order news', async () => {
    const { shopper, mobile } = await optedInShopper(2 * diamonds.price);
    const first = await buy(shopper, diamonds, testPlayer('01'));
    await ended(first);
    await waitForMessage(app.url, mobile, (m) => m.channel === 'whatsapp');

    const reply = await app
      .http()
      .post('/sandbox/whatsapp/reply')
      .send({ from: mobile, text: 'Stop' })
      .expect(200);
    expect(reply.body).toEqual({ delivered: true, storeStatus: 200 });
    const rows = await consentsOf(shopper.id);
    expect(rows.at(-1)).toMatchObject({ action: 'opt_out', channel: 'whatsapp', text: 'Stop' });
    const choice = await app.http().get('/api/whatsapp/consent').set(shopper.auth).expect(200);
    expect(choice.body).toMatchObject({ optedIn: false, channel: 'whatsapp' });

    const second = await buy(shopper, diamonds, testPlayer('01'));
    await ended(second);
    await waitForMessage(
      app.url,
      shopper.email,
      (m) => /receipt/i.test(m.subject ?? '') && (m.subject ?? '').includes(second),
    );
    expect((await messagesOf(shopper.id)).map((row) => row.event_key)).toEqual([
      `order-${first}-completed`,
    ]);
    expect(await whatsAppOutbox(mobile)).toHaveLength(1);
    await expectLedgerConsistent(app);
  });

  it('one message per order event even when WhatsApp fails and the job retries', async () => {
    const { shopper, mobile } = await optedInShopper(diamonds.price);
    await app.http().post('/sandbox/whatsapp/faults').send({ failNext: 2 }).expect(200);
    const orderid = await buy(shopper, diamonds, testPlayer('01'));
    expect((await ended(orderid)).status).toBe('Completed');

    // Two refusals, then the third try goes (BullMQ's backoff: 2 s, then 4 s).
    const [stored] = await waitFor(
      () => messagesOf(shopper.id),
      (rows) => rows[0]?.status === 'delivered',
      25_000,
    );
    expect(stored.attempts).toBe(3);
    expect(stored.last_error).toContain('131000');
    expect(await whatsAppOutbox(mobile)).toHaveLength(1);

    // The job run again, and the event recorded again, send nothing more.
    const news = app.store.app.get(WhatsAppNews);
    expect(await news.handleSend({ messageId: stored.id })).toBe(JobStatus.Skipped);
    const facts = {
      orderid,
      userId: shopper.id,
      pack: 'x',
      player: 'y',
      playerName: null,
    };
    expect(await news.record({ kind: 'completed', order: facts })).toBeUndefined();
    expect(await messagesOf(shopper.id)).toHaveLength(1);
    expect(await whatsAppOutbox(mobile)).toHaveLength(1);
  });

  it('a refund tells why and where the money went', async () => {
    const { shopper, mobile } = await optedInShopper(diamonds.price);
    const orderid = await buy(shopper, diamonds, testPlayer('13'));
    expect((await ended(orderid)).status).toBe('Refunded');
    const message = await waitForMessage(app.url, mobile, (m) => m.channel === 'whatsapp');
    expect(message.subject).toBe('zstore_order_refunded');
    expect(message.text).toContain(`We refunded your Z Store order ${orderid}`);
    expect(message.text).toContain('₹119 went back to your Z-Coins.');
    await expectLedgerConsistent(app);
  });

  it("an admin's refund of a hand-fulfilled order: the admin's reason on WhatsApp", async () => {
    const { shopper, mobile } = await optedInShopper(bgmi.price);
    const orderid = await buy(shopper, bgmi, '51234567', 'Asha');
    const { id } = await orderStatus(orderid);
    await app
      .http()
      .get(`/api/admin/updateorder/${id}/Refund/${encodeURIComponent('Out of stock')}`)
      .set(admin.auth)
      .expect(200);
    const message = await waitForMessage(app.url, mobile, (m) => m.channel === 'whatsapp');
    expect(message.text).toContain(`Out of stock. ₹${bgmi.price / 100} went back to your Z-Coins.`);
    await expectLedgerConsistent(app);
  });

  it('a late order: another module records the delay notice and dispatches it after commit', async () => {
    const { shopper, mobile } = await optedInShopper(0);
    const news = app.store.app.get(WhatsAppNews);
    const order = {
      orderid: 'ZSLATE1',
      userId: shopper.id,
      pack: '60 UC, BGMI',
      player: '51234567',
      playerName: null,
    };
    const id = await news.orderDelayed(order, 2000);
    expect(id).toBeDefined();
    expect(await news.orderDelayed(order, 2000)).toBeUndefined();
    await news.dispatch(id);
    const message = await waitForMessage(app.url, mobile, (m) => m.channel === 'whatsapp');
    expect(message.text).toBe(
      'Your Z Store order ZSLATE1 (60 UC, BGMI) is taking longer than we promised. We are sorry: ₹20 added to your Z-Coins',
    );
  });

  it('OTP sign-in on WhatsApp for an opted-in account; SMS stays the default', async () => {
    const mobile = freshMobile();
    const shopper = await newShopper(app, { mobile });
    const refused = await app.http().post('/api/otp/whatsapp-login').send({ mobile }).expect(409);
    expect(refused.body.code).toBe('WHATSAPP_NOT_OPTED_IN');

    await app
      .http()
      .put('/api/whatsapp/consent')
      .set(shopper.auth)
      .send({ optIn: true, channel: 'profile' })
      .expect(200);
    const sent = await app.http().post('/api/otp/whatsapp-login').send({ mobile }).expect(200);
    expect(sent.body).toMatchObject({ success: true, message: 'OTP sent to your WhatsApp.' });
    const message = await waitForMessage(app.url, mobile, (m) => m.channel === 'whatsapp');
    expect(message.subject).toBe('zstore_sign_in_code');
    const code = /^(\d{4}) is your verification code/.exec(message.text)![1];
    const session = await app
      .http()
      .post('/api/otp/verify-otp')
      .send({ mobile, otp: code })
      .expect(200);
    expect(session.body.token).toBeTruthy();
  });
});
