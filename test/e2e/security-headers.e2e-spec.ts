import { startTestApp, type TestApp } from '../utils/app.js';

const PAGE_POLICY = /default-src 'self'.*frame-ancestors 'none'.*script-src 'self'/;

/** Every response says how a browser may use it: pages as pages, API answers as data. */
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
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
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
});
