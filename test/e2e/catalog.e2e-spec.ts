import { Redis } from 'ioredis';
import { CatalogService } from '../../server/src/modules/catalog/catalog.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { REDIS_URL } from '../utils/env.js';
import { expectLedgerConsistent, newShopper, sessionOf } from './money.helpers.js';

describe('catalogue and gallery', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('serves every home section from the demo catalogue, prices left to the items', async () => {
    const response = await app.http().get('/api/product/gethomeproducts').expect(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const home = response.body;
    expect(Object.keys(home)).toEqual(['trending', 'instantGames', 'games', 'ott', 'others']);
    for (const section of Object.values<unknown[]>(home)) {
      expect(section.length).toBeGreaterThan(0);
    }
    const names = (list: Array<{ name: string }>) => list.map((p) => p.name);
    expect(names(home.instantGames)).toEqual([
      'Mobile Legends (Brazil server)',
      'Mobile Legends (Philippines server)',
    ]);
    expect(names(home.trending)).toContain('Genshin Impact');
    expect(names(home.games)).toContain('Genshin Impact');
    expect(names(home.games)).not.toContain('Free Fire MAX');
    const mlbb = home.instantGames[0];
    expect(mlbb).toMatchObject({
      type: 'MLBB',
      isApi: true,
      apiType: 'SMILEBR',
      inputs: [{ label: 'User ID' }, { label: 'Zone ID' }],
    });
    expect(typeof mlbb._id).toBe('string');
    expect(mlbb).not.toHaveProperty('discountedprice');
  });

  it('lists every product, out-of-stock ones included, to signed-in callers only', async () => {
    await app.http().get('/api/product/allproducts').expect(401);
    const shopper = await newShopper(app);
    const response = await app.http().get('/api/product/allproducts').set(shopper.auth).expect(200);
    const freeFire = response.body.find((p: { name: string }) => p.name === 'Free Fire MAX');
    expect(freeFire.instock).toBe(false);
    expect(response.body.map((p: { type: string }) => p.type)).toEqual(
      expect.arrayContaining(['MLBB', 'GENSHIN', 'HOK', 'OTHER']),
    );
  });

  it('answers one product by _id and 404 for unknown or malformed ids', async () => {
    const [genshin] = await app.sql<{ id: string }>(
      `SELECT id FROM products WHERE type = 'GENSHIN'`,
    );
    const response = await app.http().get(`/api/product/eachproduct/${genshin.id}`).expect(200);
    expect(response.body.product).toMatchObject({
      _id: genshin.id,
      name: 'Genshin Impact',
      apiType: 'MOOGOLDGENSHIN',
    });
    await app
      .http()
      .get('/api/product/eachproduct/00000000-0000-4000-8000-000000000000')
      .expect(404);
    await app.http().get('/api/product/eachproduct/not-an-id').expect(404);
  });

  it('lists items in rupees with resellprice only for resellers and admins', async () => {
    const [mlbb] = await app.sql<{ id: string }>(
      `SELECT id FROM products WHERE api_type = 'SMILEBR'`,
    );
    const anonymous = await app.http().get(`/api/item/${mlbb.id}`).expect(200);
    const items = anonymous.body.items;
    expect(items.length).toBeGreaterThan(5);
    const pack = items.find((i: { name: string }) => i.name === '86 Diamonds');
    expect(pack).toMatchObject({ originalprice: 135, discountedprice: 119, inStock: true });
    expect(pack.id).toBe(pack.itemid);
    expect(pack).not.toHaveProperty('resellprice');
    expect(items.find((i: { name: string }) => i.name === 'Twilight Pass').inStock).toBe(false);

    const user = await newShopper(app);
    const asUser = await app.http().get(`/api/item/${mlbb.id}`).set(user.auth).expect(200);
    expect(asUser.body.items[0]).not.toHaveProperty('resellprice');

    const reseller = await sessionOf(app, 'reseller@example.com');
    const asReseller = await app.http().get(`/api/item/${mlbb.id}`).set(reseller.auth).expect(200);
    expect(
      asReseller.body.items.find((i: { name: string }) => i.name === '86 Diamonds').resellprice,
    ).toBe(112);
    const admin = await sessionOf(app, 'admin@example.com');
    const asAdmin = await app.http().get(`/api/item/${mlbb.id}`).set(admin.auth).expect(200);
    expect(asAdmin.body.items[0]).toHaveProperty('resellprice');

    // A bad token is treated as anonymous, not refused, on a public route.
    const forged = await app
      .http()
      .get(`/api/item/${mlbb.id}`)
      .set({ Authorization: 'Bearer nonsense' })
      .expect(200);
    expect(forged.body.items[0]).not.toHaveProperty('resellprice');
    await app.http().get('/api/item/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('shows multi-pack items and keeps their supplier ids on the server', async () => {
    const rows = await app.sql<{ itemidarray: string[] }>(
      `SELECT itemidarray FROM items WHERE name = '2 x Weekly Diamond Pass'`,
    );
    expect(rows.length).toBe(2);
    expect(rows[0].itemidarray.length).toBe(2);
  });

  it('serves the gallery and the images behind it', async () => {
    const response = await app.http().get('/api/gallery/images').expect(200);
    expect(response.body.CarouselMb.length).toBeGreaterThan(0);
    expect(response.body.CarouselPc.length).toBeGreaterThan(0);
    expect(response.body.Popup[0]).toEqual({
      url: expect.stringMatching(/^\/uploads\/demo\//),
      redirectUrl: expect.any(String),
      title: expect.any(String),
    });
    const image = await app.http().get(response.body.CarouselPc[0].url).expect(200);
    expect(image.headers['content-type']).toMatch(/svg/);
  });

  it('caches answers per process until an invalidation arrives over Redis', async () => {
    const before = await app.http().get('/api/product/gethomeproducts').expect(200);
    await app.sql(`UPDATE products SET name = 'Renamed Genshin' WHERE type = 'GENSHIN'`);
    const cached = await app.http().get('/api/product/gethomeproducts').expect(200);
    expect(cached.text).toBe(before.text);

    // Another instance publishes the invalidation; this one drops its copy.
    const publisher = new Redis(REDIS_URL);
    await publisher.publish(`${app.config.redisPrefix}:catalog:invalidate`, 'test');
    publisher.disconnect();
    let fresh = '';
    for (let i = 0; i < 50 && !fresh.includes('Renamed Genshin'); i += 1) {
      fresh = (await app.http().get('/api/product/gethomeproducts')).text;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(fresh).toContain('Renamed Genshin');

    await app.sql(`UPDATE products SET name = 'Genshin Impact' WHERE type = 'GENSHIN'`);
    await app.store.app.get(CatalogService).invalidate();
    expect((await app.http().get('/api/product/gethomeproducts')).text).not.toContain(
      'Renamed Genshin',
    );
  });

  it('credits the demo user ₹500 through the ledger', async () => {
    const user = await sessionOf(app, 'user@example.com');
    const response = await app
      .http()
      .get(`/api/wallet/getbalance/${user.userid}`)
      .set(user.auth)
      .expect(200);
    expect(response.body).toEqual({ balance: 500 });
    const entries = await app.sql<{ account: string; amount: string }>(
      `SELECT account, amount::text FROM ledger_entries WHERE reference = 'demo-opening-balance' ORDER BY amount`,
    );
    expect(entries).toEqual([
      { account: 'system:admin', amount: '-50000' },
      { account: `wallet:${user.userid}`, amount: '50000' },
    ]);
    await expectLedgerConsistent(app);
  });
});
