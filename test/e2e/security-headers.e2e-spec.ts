import { startTestApp, type TestApp } from '../utils/app.js';

const PAGE_POLICY =
  /default-src 'self'.*base-uri 'none'.*frame-ancestors 'none'.*object-src 'none'.*script-src 'self'/;

/**
 * RELIABILITY S9: every response says how a browser may use it (pages as pages, API answers as
 * data), and no other site's page may read the API.
 */
describe('security headers', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ['a catalogue answer', '/api/product/gethomeproducts', 200],
    ['an API error', '/api/no-such-route', 404],
    ['a signed-out refusal', '/api/wallet/getbalance/1', 401],
  ])('%s may not be framed, sniffed or run as a page', async (_what, url, status) => {
    const response = await app.http().get(url).expect(status);
    expect(response.headers).toMatchObject({
      'content-security-policy':
        "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
  });

  it.each([
    ['a storefront path', '/product/anything'],
    ['the API reference', '/api/docs'],
  ])("%s carries the page policy: the store's own scripts only, no framing", async (_what, url) => {
    const response = await app.http().get(url);
    expect(response.headers['content-security-policy']).toMatch(PAGE_POLICY);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
    });
  });

  it('names no framework, and gives another origin no right to read an answer', async () => {
    const response = await app
      .http()
      .get('/api/product/gethomeproducts')
      .set('Origin', 'https://elsewhere.example')
      .expect(200);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app
      .http()
      .options('/api/order/createWalletOrder')
      .set('Origin', 'https://elsewhere.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
