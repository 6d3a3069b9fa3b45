import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { catalogEntry, newShopper, orderBody, sessionOf, type Shopper } from './money.helpers.js';

const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedField = (depth: number) => `{"email":${nestedArray(depth)},"password":"x"}`;

/**
 * The malformed requests a penetration test answered with 500: each one is refused with a 4xx
 * carrying `{ message, code }` (and `msg` / `error` where DESIGN section 7 says the route has it).
 */
describe('malformed requests get a 4xx, never a 5xx', () => {
  let app: TestApp;
  let user: Shopper;
  let admin: Shopper;

  beforeAll(async () => {
    app = await startTestApp({
      RATE_LIMIT_LOGIN: '1000/60',
      RATE_LIMIT_REGISTER: '1000/3600',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
    });
    user = await newShopper(app);
    admin = await sessionOf(app, 'admin@example.com');
  });
  afterAll(() => app.close());

  const expectRefused = (
    response: { status: number; body: Record<string, unknown> },
    status = 400,
  ) => {
    expect(response.status).toBe(status);
    expect(typeof response.body.message).toBe('string');
    expect(typeof response.body.code).toBe('string');
  };

  const postJson = (path: string, text: string, auth?: Shopper) => {
    const request = app.http().post(path).set('Content-Type', 'application/json');
    if (auth) void request.set(auth.auth);
    return request.send(text);
  };

  describe('deep JSON', () => {
    it('refuses a body nested 1,500 levels on the public login, with msg', async () => {
      const response = await postJson('/api/auth/login', nestedField(1500));
      expectRefused(response);
      expect(response.body.msg).toBe(response.body.message);
      // Past the 4 KB a sign-in body may have, it is refused unread.
      const large = await postJson('/api/auth/login', nestedArray(5000));
      expectRefused(large, 413);
      expect(large.body.msg).toBe(large.body.message);
    });

    it('refuses deep bodies on DTO routes and on the loose admin bodies alike', async () => {
      expectRefused(
        await postJson('/api/order/orderstatus', `{"client_txn_id":${nestedArray(3000)}}`, user),
      );
      expectRefused(
        await postJson('/api/admin/createproduct', `{"name":${nestedArray(3000)}}`, admin),
      );
    });

    it('still accepts what real clients nest (a product with its inputs)', async () => {
      const response = await app
        .http()
        .post('/api/admin/createproduct')
        .set(admin.auth)
        .send({
          name: 'Nested Arena',
          type: 'OTHER',
          category: 'games',
          imgpath: '/uploads/demo/x.png',
          inputs: [{ label: 'User ID' }],
          items: [],
        });
      expect(response.status).toBe(200);
    });
  });

  describe('NUL and broken text', () => {
    it('refuses a NUL in registration, profile, coupon, status and admin fields', async () => {
      const register = await app.http().post('/api/auth/register').send({
        name: 'Nul\u0000Player',
        email: 'nul.player@example.com',
        mobileNumber: '7000000123',
        password: 'quiet river 2026',
      });
      expectRefused(register);
      expect(register.body.msg).toBe(register.body.message);

      expectRefused(
        await app
          .http()
          .post('/api/user/edit-profile')
          .set(user.auth)
          .send({ userid: user.userid, name: 'a\u0000b' }),
      );
      const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
      const coupon = await app
        .http()
        .post('/api/coupon/validatecoupon')
        .set(user.auth)
        .send({ couponCode: 'WELCOME\u000010', item_id: entry.itemId });
      expectRefused(coupon);
      expect(coupon.body.error).toBe(coupon.body.message);
      for (const path of ['/api/order/orderstatus', '/api/wallet/txnstatus']) {
        expectRefused(
          await app.http().post(path).set(user.auth).send({ client_txn_id: 'ZS\u0000' }),
        );
      }
      expectRefused(
        await app
          .http()
          .post('/api/order/createWalletOrder')
          .set(user.auth)
          .set('Idempotency-Key', 'nul-in-zone')
          .send(orderBody(user, entry, { input2: '10\u000001' })),
      );
      expectRefused(
        await app.http().post('/api/admin/createitem').set(admin.auth).send({
          name: 'Gem\u0000s',
          originalprice: 10,
          discountedprice: 9,
          resellprice: 8,
          imgpath: '/x.png',
        }),
      );
      expectRefused(
        await app
          .http()
          .get('/api/admin/rest/users')
          .query({ filter: JSON.stringify({ q: 'a\u0000' }) })
          .set(admin.auth),
      );
    });

    it('refuses a lone surrogate, which the e-mail validator would throw on', async () => {
      expectRefused(await postJson('/api/auth/login', '{"email":"\\ud800","password":"x"}'));
    });

    it('refuses %00 and out-of-range numbers in path ids', async () => {
      for (const path of [
        '/api/admin/orders/%00/packs',
        '/api/admin/orders/a%00b/packs',
        '/api/product/eachproduct/%00',
        '/api/admin/rest/orders/%00',
      ]) {
        expectRefused(await app.http().get(path).set(admin.auth));
      }
      expectRefused(
        await app.http().post('/api/admin/orders/%00/retry-delivery').set(admin.auth).send({}),
      );
      for (const path of ['/api/order', '/api/wallet/getbalance', '/api/user/myorder']) {
        // An admin may read any user's lists, so the id reached the database as a bigint.
        expectRefused(await app.http().get(`${path}/99999999999999999999`).set(admin.auth));
      }
    });
  });

  describe('paging', () => {
    it.each([
      ['/api/order/{userid}', 'limit=1.5'],
      ['/api/order/{userid}', 'page=1e308'],
      ['/api/order/{userid}', 'page=Infinity'],
      ['/api/wallet/gettransactions/{userid}', 'page=1.5'],
      ['/api/wallet/gettransactions/{userid}', 'page=1e308'],
      ['/api/admin/users_data', 'page=1e308'],
      ['/api/admin/alltxn', 'page=99999999999999999999'],
      ['/api/admin/allwallettxn', 'limit=1.5'],
      ['/api/admin/allwallettxn', 'page=1e308'],
    ])('refuses %s?%s', async (path, query) => {
      const caller = path.startsWith('/api/admin') ? admin : user;
      const url = `${path.replace('{userid}', String(user.userid))}?${query}`;
      expectRefused(await app.http().get(url).set(caller.auth));
    });

    it('still pages with whole numbers', async () => {
      await app.http().get(`/api/order/${user.userid}?page=2&limit=10`).set(user.auth).expect(200);
      await app.http().get('/api/admin/alltxn?page=1&limit=50').set(admin.auth).expect(200);
    });
  });

  describe('simple-rest lists', () => {
    it.each([
      ['range', '[1e308,1e308]'],
      ['range', '[0,1.5]'],
      ['range', '[10,2]'],
      ['range', '["a","b"]'],
      ['range', '{}'],
      ['sort', '{"id":"ASC"}'],
      ['sort', '["id"]'],
      ['sort', '[1,"ASC"]'],
      ['sort', '["id","SIDEWAYS"]'],
      ['filter', '[1,2]'],
      ['filter', '"text"'],
      ['filter', 'null'],
      ['filter', '{"q":'],
    ])('refuses %s=%s on every resource', async (name, value) => {
      for (const resource of ['orders', 'users', 'products', 'wallet-transactions', 'audit-log']) {
        const response = await app
          .http()
          .get(`/api/admin/rest/${resource}`)
          .query({ [name]: value })
          .set(admin.auth);
        expectRefused(response);
        expect(response.body.message).toBe(Messages.malformedListQuery);
      }
    });

    it('reads the user list filter like every other list: no 500 for an odd id or role', async () => {
      const users = (filter: unknown) =>
        app
          .http()
          .get('/api/admin/rest/users')
          .query({ filter: JSON.stringify(filter) })
          .set(admin.auth);
      const oddId = await users({ id: ['nope'] });
      expect(oddId.status).toBe(200);
      expect(oddId.body).toEqual([]);
      const oddRole = await users({ role: 'superuser' });
      expectRefused(oddRole);
      expect(oddRole.body.message).toBe(Messages.malformedListQuery);
      // The search text is taken literally, as on the orders and catalogue lists.
      const wildcard = await users({ q: '%' });
      expect(wildcard.status).toBe(200);
      expect(wildcard.body).toEqual([]);
      const admins = await users({ role: 'admin', isBlocked: false });
      expect(admins.status).toBe(200);
      expect(admins.body.map((row: { email: string }) => row.email)).toContain('admin@example.com');
    });

    it('still lists with the dialect the console speaks', async () => {
      const response = await app
        .http()
        .get('/api/admin/rest/products')
        .query({ sort: '["name","DESC"]', range: '[0,9]', filter: '{}' })
        .set(admin.auth)
        .expect(200);
      expect(response.headers['content-range']).toMatch(/^products 0-\d+\/\d+$/);
    });
  });

  describe('admin bodies and prices', () => {
    it('refuses a text/plain body (415) and a JSON string (400) on admin creates', async () => {
      for (const path of ['/api/admin/createproduct', '/api/admin/createitem']) {
        expectRefused(
          await app
            .http()
            .post(path)
            .set(admin.auth)
            .set('Content-Type', 'text/plain')
            .send('name=x'),
          415,
        );
        expectRefused(await postJson(path, '"a string"', admin));
        expectRefused(await postJson(path, '1e308', admin));
        expectRefused(await postJson('/api/admin/rest/coupons', '[{}]', admin));
      }
    });

    it('still takes the empty text/plain DELETE that react-admin sends', async () => {
      const response = await app
        .http()
        .delete('/api/admin/rest/coupons/00000000-0000-4000-8000-000000000000')
        .set(admin.auth)
        .set('Content-Type', 'text/plain');
      expectRefused(response, 404);
    });

    it('refuses a price of 1e308 and a null where a value is required', async () => {
      const item = {
        name: 'Big gems',
        originalprice: 10,
        discountedprice: 9,
        resellprice: 8,
        imgpath: '/x.png',
      };
      for (const price of [1e308, '1e308']) {
        const response = await app
          .http()
          .post('/api/admin/createitem')
          .set(admin.auth)
          .send({ ...item, originalprice: price });
        expectRefused(response);
        expect(response.body.message).toBe(Messages.originalPriceRequired);
      }
      expectRefused(
        await app
          .http()
          .post('/api/admin/createitem')
          .set(admin.auth)
          .send({ ...item, name: null }),
      );
      const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
      expectRefused(
        await app
          .http()
          .post('/api/order/createWalletOrder')
          .set(user.auth)
          .set('Idempotency-Key', 'null-itemid')
          .send(orderBody(user, entry, { itemid: null })),
      );
    });
  });
});
