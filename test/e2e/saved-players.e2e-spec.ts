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

  it('writes nothing when an order is for the player already first in the list', async () => {
    const shopper = await newShopper(app, { balance: 100_000 });
    // The row's version (xmin) changes with every write of it, and only then.
    const version = async () => {
      const rows = await app.sql<{ version: string; input2: string }>(
        `SELECT p.xmin::text AS version, p.input2 FROM saved_players p
         JOIN users u ON u.id = p.user_id WHERE u.userid = $1`,
        [shopper.userid],
      );
      return rows[0];
    };
    await walletOrder(shopper, brazil, { input1: '10000001', input2: '1001' });
    const first = await version();

    await walletOrder(shopper, brazil, { input1: '10000001', input2: '1001' });
    expect(await version()).toEqual(first);

    // Another zone is written at once, as is the same player once another game came between.
    await walletOrder(shopper, brazil, { input1: '10000001', input2: '2002' });
    const changed = await version();
    expect(changed).toEqual({ version: expect.any(String), input2: '2002' });
    expect(changed.version).not.toBe(first.version);
    await walletOrder(shopper, genshin, { input1: '700000001', input2: 'Asia' });
    await walletOrder(shopper, brazil, { input1: '10000001', input2: '2002' });
    expect((await version()).version).not.toBe(changed.version);
    const { body } = await app
      .http()
      .get(`/api/savedplayers/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(body.map((player: { productname: string }) => player.productname)).toEqual([
      'Mobile Legends (Brazil server)',
      'Genshin Impact',
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
