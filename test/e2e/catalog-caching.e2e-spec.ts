import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import http from 'node:http';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  balancesOf,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  sessionOf,
  testItem,
  type Shopper,
} from './money.helpers.js';

interface RawAnswer {
  status: number;
  encoding: string | undefined;
  bytes: Buffer;
}

/** An answer's bytes as they crossed the wire, not decoded by a client library. */
function rawGet(base: string, path: string, acceptEncoding: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, base), { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            bytes: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

describe('public catalogue answers a browser or a CDN can keep', () => {
  let app: TestApp;
  let admin: Shopper;
  let productId: string;
  const publicUrls = () => [
    '/api/product/gethomeproducts',
    `/api/product/eachproduct/${productId}`,
    `/api/item/${productId}`,
    '/api/gallery/images',
  ];

  beforeAll(async () => {
    app = await startTestApp();
    admin = await sessionOf(app, 'admin@example.com');
    [{ id: productId }] = await app.sql<{ id: string }>(
      `SELECT id FROM products WHERE type = 'GENSHIN'`,
    );
  });
  afterAll(() => app.close());

  it('carries an ETag and a CDN-Cache-Control, and answers 304 to a revalidation', async () => {
    for (const url of publicUrls()) {
      const first = await app.http().get(url).expect(200);
      expect(first.headers.etag).toMatch(/^W\/"[\w-]{16,}"$/);
      // Every shared cache may keep it a while; a browser revalidates it on each use.
      expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
      expect(first.headers['cdn-cache-control']).toMatch(/^public, max-age=\d+/);
      expect(first.headers.vary?.toLowerCase()).toContain('accept-encoding');

      const again = await app.http().get(url).set('if-none-match', first.headers.etag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);

      await app.http().get(url).set('if-none-match', 'W/"something-else-entirely"').expect(200);
    }
  });

  it('sends the same JSON compressed with brotli or gzip when the browser accepts it', async () => {
    for (const url of publicUrls()) {
      const plain = await rawGet(app.url, url, 'identity');
      expect(plain).toMatchObject({ status: 200, encoding: undefined });
      expect(() => JSON.parse(plain.bytes.toString('utf8')) as unknown).not.toThrow();
      const br = await rawGet(app.url, url, 'gzip, deflate, br');
      const gzip = await rawGet(app.url, url, 'gzip;q=1.0, br;q=0');
      if (plain.bytes.length < 1024) {
        // Too small to be worth compressing.
        expect(br.bytes.equals(plain.bytes)).toBe(true);
        continue;
      }
      expect(br.encoding).toBe('br');
      expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
      expect(gzip.encoding).toBe('gzip');
      expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    }
    const home = await rawGet(app.url, '/api/product/gethomeproducts', 'br');
    expect(home.encoding).toBe('br');
    expect(home.bytes.length).toBeLessThan(
      (await rawGet(app.url, '/api/product/gethomeproducts', 'identity')).bytes.length / 3,
    );
  });

  it('gives a new ETag after the catalogue changes, so no one keeps the old answer', async () => {
    const url = `/api/product/eachproduct/${productId}`;
    const before = await app.http().get(url).expect(200);
    const product = await app
      .http()
      .get(`/api/admin/rest/products/${productId}`)
      .set(admin.auth)
      .expect(200);
    await app
      .http()
      .put(`/api/admin/rest/products/${productId}`)
      .set(admin.auth)
      .send({ ...product.body, name: `Genshin Impact ${Date.now()}` })
      .expect(200);
    const after = await app.http().get(url).set('if-none-match', before.headers.etag).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('keeps a signed-in caller’s answer out of every shared cache', async () => {
    const reseller = await sessionOf(app, 'reseller@example.com');
    const trade = await app.http().get(`/api/item/${productId}`).set(reseller.auth).expect(200);
    expect(trade.headers['cache-control']).toBe('no-store');
    expect(trade.headers['cdn-cache-control']).toBeUndefined();
    const publicAnswer = await app.http().get(`/api/item/${productId}`).expect(200);
    expect(trade.headers.etag).not.toBe(publicAnswer.headers.etag);
    // A cache that keeps the public answer keeps it apart from requests that sign in.
    expect(publicAnswer.headers.vary?.toLowerCase()).toContain('authorization');
    // A reseller's browser revalidating with the public ETag gets the trade prices, not a 304.
    await app
      .http()
      .get(`/api/item/${productId}`)
      .set(reseller.auth)
      .set('if-none-match', publicAnswer.headers.etag)
      .expect(200);
  });

  it('prices and stocks a checkout as the catalogue stands after an admin change', async () => {
    const entry = await testItem(app, 10_000);
    const shopper = await newShopper(app, { balance: 100_000 });
    const buy = () =>
      app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, entry));
    await buy().expect(200);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(90_000);

    const item = {
      body: {
        name: 'Test pack',
        type: 'small',
        originalprice: 150,
        resellprice: 150,
        isApi: false,
        imgpath: '/uploads/demo/gem.png',
      },
    };
    await app
      .http()
      .put(`/api/admin/rest/items/${entry.itemid}`)
      .set(admin.auth)
      .send({ ...item.body, discountedprice: 150 })
      .expect(200);
    await buy().expect(200);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(75_000);

    await app
      .http()
      .put(`/api/admin/rest/items/${entry.itemid}`)
      .set(admin.auth)
      .send({ ...item.body, discountedprice: 150, instock: false })
      .expect(200);
    await buy().expect(409);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(75_000);
    await expectLedgerConsistent(app);
  });
});
