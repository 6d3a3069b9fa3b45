import { startTestApp, type TestApp } from '../utils/app.js';

/** Behind a TLS proxy (TRUST_PROXY), and the API docs switch (issue 8 point 9). */
describe('TRUST_PROXY and API_DOCS', () => {
  async function brazilPack(app: TestApp) {
    const [row] = await app.sql<{ product_id: string; item_id: string }>(
      `SELECT p.id AS product_id, i.id AS item_id FROM products p JOIN items i ON i.itemid = ANY(p.items)
       WHERE p.name = 'Mobile Legends (Brazil server)' AND i.instock ORDER BY i.itemid LIMIT 1`,
    );
    return { selectedProduct: row.product_id, selectedItem: row.item_id };
  }

  /** Two check-ids from one forwarded address, then one from another (limit: 1 a minute). */
  async function checkIdStatuses(app: TestApp) {
    const body = { userid: '10000001', zoneid: '1001', ...(await brazilPack(app)) };
    const from = (address: string) =>
      app.http().post('/api/order/checkid').set('X-Forwarded-For', address).send(body);
    return [
      (await from('203.0.113.7')).status,
      (await from('203.0.113.7')).status,
      (await from('198.51.100.9')).status,
    ];
  }

  async function stateCookie(app: TestApp) {
    const response = await app
      .http()
      .get('/api/auth/google')
      .set('X-Forwarded-Proto', 'https')
      .expect(302);
    return String(response.headers['set-cookie']);
  }

  describe('with TRUST_PROXY=1 (one proxy in front)', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_CHECKID: '1/60' });
    });
    afterAll(() => app.close());

    it('keys the rate limits by the forwarded client address', async () => {
      expect(await checkIdStatuses(app)).toEqual([200, 429, 200]);
    });

    it('sets Secure cookies when the proxy forwarded HTTPS', async () => {
      expect(await stateCookie(app)).toMatch(/;\s*Secure/i);
    });
  });

  describe('with TRUST_PROXY=true', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_CHECKID: '1/60' });
    });
    afterAll(() => app.close());

    it('boots and reads the forwarded address and protocol', async () => {
      expect(await checkIdStatuses(app)).toEqual([200, 429, 200]);
      expect(await stateCookie(app)).toMatch(/;\s*Secure/i);
    });
  });

  describe('without TRUST_PROXY, and with API_DOCS=false', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ RATE_LIMIT_CHECKID: '1/60', API_DOCS: 'false' });
    });
    afterAll(() => app.close());

    it('ignores X-Forwarded-For: every request counts against the connecting address', async () => {
      expect(await checkIdStatuses(app)).toEqual([200, 429, 429]);
    });

    it('ignores X-Forwarded-Proto: the cookie is not Secure over plain HTTP', async () => {
      expect(await stateCookie(app)).not.toMatch(/Secure/i);
    });

    it('serves neither /api/docs nor /api/docs-json', async () => {
      await app.http().get('/api/docs').expect(404);
      await app.http().get('/api/docs-json').expect(404);
    });
  });
});
