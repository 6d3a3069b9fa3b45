import { startTestApp, type TestApp } from '../utils/app.js';
import { catalogEntry, newShopper, orderBody, type CatalogEntry } from './money.helpers.js';

/** The last player per game, kept on the server when an order is placed. */
describe('saved players', () => {
  let app: TestApp;
  let brazil: CatalogEntry;
  let genshin: CatalogEntry;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60' });
    brazil = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    genshin = await catalogEntry(app, 'Genshin Impact', '60 Genesis Crystals');
  });
  afterAll(() => app.close());

  const walletOrder = async (
    shopper: Awaited<ReturnType<typeof newShopper>>,
    entry: CatalogEntry,
    inputs: { input1: string; input2: string },
  ) =>
    app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, entry, inputs))
      .expect(200);

  it('keeps the last player id and zone per game from the orders placed, newest first', async () => {
    const shopper = await newShopper(app, { balance: 100_000 });
    await walletOrder(shopper, brazil, { input1: '10000001', input2: '1001' });
    await walletOrder(shopper, genshin, { input1: '700000001', input2: 'Asia' });
    await walletOrder(shopper, brazil, { input1: '10000002', input2: '2002' });

    const { body } = await app
      .http()
      .get(`/api/savedplayers/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(body).toEqual([
      {
        product_id: brazil.productId,
        productname: 'Mobile Legends (Brazil server)',
        input1: '10000002',
        input2: '2002',
        updatedAt: expect.any(String),
      },
      {
        product_id: genshin.productId,
        productname: 'Genshin Impact',
        input1: '700000001',
        input2: 'Asia',
        updatedAt: expect.any(String),
      },
    ]);
  });

  it('serves them to their owner and an admin only; anyone else is told they do not exist', async () => {
    const owner = await newShopper(app, { balance: 50_000 });
    const other = await newShopper(app);
    const admin = await newShopper(app, { role: 'admin' });
    await walletOrder(owner, brazil, { input1: '10000001', input2: '1001' });
    const path = `/api/savedplayers/${owner.userid}`;

    const stranger = await app.http().get(path).set(other.auth).expect(404);
    expect(stranger.body).toMatchObject({ code: 'NOT_FOUND' });
    const seen = await app.http().get(path).set(admin.auth).expect(200);
    expect(seen.body).toHaveLength(1);

    // Only the owner forgets one; the admin reads but does not change it.
    await app.http().delete(`${path}/${brazil.productId}`).set(other.auth).expect(404);
    await app.http().delete(`${path}/${brazil.productId}`).set(admin.auth).expect(404);
    const removed = await app
      .http()
      .delete(`${path}/${brazil.productId}`)
      .set(owner.auth)
      .expect(200);
    expect(removed.body).toEqual({ msg: 'Saved player removed.' });
    expect((await app.http().get(path).set(owner.auth).expect(200)).body).toEqual([]);
    // Forgetting again is not an error: the player is not saved either way.
    await app.http().delete(`${path}/${brazil.productId}`).set(owner.auth).expect(200);
  });

  it('refuses a malformed userid or product id with 400', async () => {
    const owner = await newShopper(app);
    for (const bad of ['abc', '1.5', '99999999999999999999']) {
      const answer = await app.http().get(`/api/savedplayers/${bad}`).set(owner.auth).expect(400);
      expect(answer.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    await app
      .http()
      .delete(`/api/savedplayers/${owner.userid}/not-a-uuid`)
      .set(owner.auth)
      .expect(400);
    await app
      .http()
      .delete(`/api/savedplayers/x${owner.userid}/${brazil.productId}`)
      .set(owner.auth)
      .expect(400);
  });

  it('asks for a sign-in with 401', async () => {
    const owner = await newShopper(app);
    const list = await app.http().get(`/api/savedplayers/${owner.userid}`).expect(401);
    expect(list.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    await app.http().delete(`/api/savedplayers/${owner.userid}/${brazil.productId}`).expect(401);
  });
});
