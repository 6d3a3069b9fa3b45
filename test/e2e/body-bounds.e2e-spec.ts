import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { newShopper, type Shopper } from './money.helpers.js';

const manyKeys = (count: number, base: Record<string, unknown> = {}) => ({
  ...base,
  ...Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 0])),
});

/**
 * What a body may be, checked before anything turns it into a DTO: a few KB on the sign-in and
 * registration routes, and everywhere at most 1,000 keys and elements and texts of 10,000
 * characters. A body past a bound is refused at once with the store's error shape, and counts
 * against the caller's limits like any other call.
 */
describe('bounds on a request body', () => {
  let app: TestApp;
  let user: Shopper;

  beforeAll(async () => {
    // The login limit stays at its default (10 a minute per address).
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60' });
    user = await newShopper(app);
  });
  afterAll(() => app.close());

  const expectRefused = (
    response: { status: number; body: Record<string, unknown> },
    status: number,
    message: string,
  ) => {
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ message, code: 'VALIDATION' });
  };

  it('refuses a sign-in or registration body of more than 4 KB, unread (413)', async () => {
    const body = { email: 'a@example.com', password: 'x'.repeat(5000) };
    for (const path of ['/api/auth/register', '/api/otp/otp-login', '/api/order/checkid']) {
      expectRefused(await app.http().post(path).send(body), 413, Messages.requestTooLarge);
    }
    // Near the bound, the route still answers as before.
    const near = await app
      .http()
      .post('/api/auth/register')
      .send({ email: 'a@example.com', password: 'x'.repeat(3000) });
    expect(near.status).toBe(400);
    expect(near.body.code).not.toBe('RATE_LIMITED');
  });

  it('refuses more than 1,000 keys or elements, and texts over 10,000 characters', async () => {
    const post = (body: unknown) =>
      app
        .http()
        .post('/api/order/orderstatus')
        .set(user.auth)
        .send(body as object);
    const id = { client_txn_id: 'none' };
    expectRefused(await post(manyKeys(1_001, id)), 400, Messages.malformedRequest);
    expectRefused(
      await post({ ...id, list: Array(1_001).fill(0) }),
      400,
      Messages.malformedRequest,
    );
    expectRefused(
      await post({ ...id, deep: Array.from({ length: 20 }, () => manyKeys(60)) }),
      400,
      Messages.malformedRequest,
    );
    expectRefused(
      await post({ client_txn_id: 'x'.repeat(10_001) }),
      400,
      Messages.malformedRequest,
    );
    const query = Array.from({ length: 1_001 }, (_, index) => `k${index}=1`).join('&');
    expectRefused(
      await app.http().get(`/api/product/gethomeproducts?${query}`),
      400,
      Messages.malformedRequest,
    );
    // Within the bounds, the route's own validation answers.
    const within = await post({ ...id, list: Array(900).fill(0) });
    expect(within.status).toBe(400);
    expect(within.body.message).not.toBe(Messages.malformedRequest);
  });

  it('counts refused bodies against the address limit: the 11th sign-in gets 429', async () => {
    const hostile = JSON.stringify(manyKeys(120_000, { email: 'a@example.com', password: 'x' }));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await app
        .http()
        .post('/api/auth/login')
        .set('content-type', 'application/json')
        .send(hostile);
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body).toMatchObject({ code: 'RATE_LIMITED', msg: expect.any(String) });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(413), 429]);
    // The address's limit is spent for a well-formed sign-in too.
    const honest = await app
      .http()
      .post('/api/auth/login')
      .send({ email: 'user@example.com', password: 'User@12345' });
    expect(honest.status).toBe(429);
  });

  it('counts a body refused for its shape the same way', async () => {
    const limited = await startTestApp({ RATE_LIMIT_CHECKID: '3/60' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited
          .http()
          .post('/api/order/checkid')
          .send({ userid: Array(1_001).fill(0) });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
