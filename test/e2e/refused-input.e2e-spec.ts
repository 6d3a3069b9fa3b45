import { startTestApp, type TestApp } from '../utils/app.js';
import { send, type FuzzCase } from './helpers/fuzz.js';
import { sessionOf, type Shopper } from './money.helpers.js';

const BOUNDARY = 'refusedboundary42';

/**
 * Requests a security review answered with 5xx, or with a 4xx missing `code`: each one is now
 * refused with a 4xx in the store's error shape, `{ message, code }`.
 */
describe('refused input outside the API document: a 4xx with {message, code}', () => {
  let app: TestApp;
  let admin: Shopper;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await sessionOf(app, 'admin@example.com');
  });
  afterAll(() => app.close());

  const expectRefused = async (
    request: Omit<FuzzCase, 'label' | 'headers'> & { headers?: Record<string, string> },
    status = 400,
  ) => {
    const answer = await send(app.url, { label: '', headers: {}, ...request }, 10_000);
    expect({ status: answer.status, type: answer.contentType }).toEqual({
      status,
      type: 'application/json; charset=utf-8',
    });
    const body = JSON.parse(answer.body) as { message?: unknown; code?: unknown };
    expect(typeof body.message).toBe('string');
    expect(typeof body.code).toBe('string');
    return body;
  };

  const upload = (body: string, contentType: string) => ({
    method: 'POST',
    path: '/api/admin/uploadimage',
    headers: admin.auth,
    body,
    contentType,
  });

  it('refuses an image upload whose multipart body cannot be read', async () => {
    const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
    await expectRefused(upload('{"title":"a","type":"Banner"}', multipart));
    await expectRefused(upload(`--${BOUNDARY}\r\n`, 'multipart/form-data'));
    await expectRefused(
      upload(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n\x89PNG',
        multipart,
      ),
    );
  });

  it('refuses a query parameter sent twice where the route reads one text', async () => {
    await expectRefused({ method: 'GET', path: '/api/sandbox/outbox?to=a&to=b' });
    await expectRefused({ method: 'GET', path: '/sandbox/outbox?to=a&to=b' });
  });

  it('refuses what the Google simulator cannot read', async () => {
    const { clientId } = app.config.google;
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const post = (path: string, body?: string) => ({
      method: 'POST',
      path: `/sandbox/google/${path}`,
      ...(body === undefined ? {} : { body, contentType: 'application/x-www-form-urlencoded' }),
    });
    for (const path of ['o/oauth2/v2/auth/approve', 'o/oauth2/v2/auth/deny']) {
      await expectRefused(post(path, form({ client_id: clientId, redirect_uri: 'not a url' })));
      await expectRefused(post(path, form({ client_id: clientId, redirect_uri: 'javascript:1' })));
    }
    await expectRefused(post('o/oauth2/v2/auth/deny'));
    await expectRefused({
      method: 'GET',
      path: '/sandbox/google/o/oauth2/v2/auth?state=a&state=b',
    });
    // Without a body the token endpoint answers as Google does, not with a crash.
    const token = await send(app.url, { label: '', headers: {}, ...post('token') }, 10_000);
    expect(token.status).toBe(401);
  });

  it('refuses an SMTP fault that is not an object of numbers', async () => {
    await expectRefused({
      method: 'POST',
      path: '/sandbox/smtp/faults',
      body: '{"delayMs":{"a":1}}',
      contentType: 'application/json',
    });
    const none = await send(
      app.url,
      { label: '', method: 'POST', path: '/sandbox/smtp/faults', headers: {} },
      10_000,
    );
    expect(none.status).toBe(200);
  });

  it('refuses UPIGateway calls with fields longer than the gateway keeps, or not text', async () => {
    const order = {
      key: app.config.upi.apiKey,
      client_txn_id: 'refused-1',
      amount: '10',
      p_info: 'Pack',
      customer_name: 'A',
      customer_email: 'a@example.com',
      customer_mobile: '9000000000',
      redirect_url: 'http://127.0.0.1/confirmation',
    };
    const json = (path: string, body: unknown) => ({
      method: 'POST',
      path: `/sandbox/upigateway/api/${path}`,
      body: JSON.stringify(body),
      contentType: 'application/json',
    });
    await expectRefused(json('create_order', { ...order, client_txn_id: 'x'.repeat(65) }));
    await expectRefused(json('create_order', { ...order, p_info: 'x'.repeat(5000) }));
    await expectRefused(json('create_order', { ...order, customer_name: ['a'] }));
    await expectRefused(json('v2/create_order', { ...order, udf1: { a: 1 } }));
    await expectRefused(
      json('check_order_status', {
        key: order.key,
        client_txn_id: 'x'.repeat(70_000),
        txn_date: '1',
      }),
    );
    await expectRefused(json('check_order_status', { key: order.key, client_txn_id: [1] }));
    // An amount beyond any payment, or a return address that is no URL, is the gateway's own refusal.
    for (const change of [{ amount: '99999999999999999' }, { redirect_url: 'not a url' }]) {
      const answer = await send(
        app.url,
        { label: '', headers: {}, ...json('create_order', { ...order, ...change }) },
        10_000,
      );
      expect({
        status: answer.status,
        ok: (JSON.parse(answer.body) as { status: boolean }).status,
      }).toEqual({ status: 200, ok: false });
    }
  });

  it('refuses a Host header no URL can carry (a port out of range, a space)', async () => {
    for (const host of ['localhost:99999', 'a b', 'evil.example/x']) {
      await expectRefused({ method: 'GET', path: '/api/auth/google', headers: { Host: host } });
    }
  });

  it('answers a URL over 16 kB with 431 in the store shape, on the API and on pages', async () => {
    const long = 'a'.repeat(17_000);
    const body = await expectRefused({ method: 'GET', path: `/api/catalog?x=${long}` }, 431);
    expect(body.code).toBe('VALIDATION');
    await expectRefused({ method: 'GET', path: `/product/${long}` }, 431);
  });
});
