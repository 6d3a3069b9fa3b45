import { TransactionHost } from '@nestjs-cls/transactional';
import { PointsService } from '../../server/src/modules/wallet/points.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  balancesOf,
  expectLedgerConsistent,
  newShopper,
  sessionOf,
  type Shopper,
} from './money.helpers.js';

describe('reward points', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  /** Points earned the way a completed order earns them (system:points -> points account). */
  const earn = async (shopper: Shopper, orderValuePaise: number, orderid: string) => {
    await app.store.app
      .get(TransactionHost)
      .withTransaction(() =>
        app.store.app
          .get(PointsService)
          .creditForOrder({ orderid, userid: shopper.userid, value: orderValuePaise }),
      );
  };

  it('reports the balance in points, fractions included', async () => {
    const shopper = await newShopper(app);
    await earn(shopper, 9_900, 'ZS00000000000001');
    const response = await app
      .http()
      .get(`/api/points/getbalance/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(response.body).toEqual({ balance: 0.99 });
    const other = await newShopper(app);
    await app.http().get(`/api/points/getbalance/${shopper.userid}`).set(other.auth).expect(404);
    const admin = await sessionOf(app, 'admin@example.com');
    await app.http().get(`/api/points/getbalance/${shopper.userid}`).set(admin.auth).expect(200);
  });

  it('redeems whole points into Z-Coins 1:1 with a Credit row', async () => {
    const shopper = await newShopper(app);
    await earn(shopper, 1_250_000, 'ZS00000000000002'); // 125 points
    const response = await app
      .http()
      .post('/api/points/redeempoints')
      .set(shopper.auth)
      .send({ value: 100, userid: shopper.userid })
      .expect(200);
    expect(response.body).toMatchObject({
      msg: 'Points redeemed successfully.',
      points: 25,
      balance: 100,
    });
    expect(await balancesOf(app, shopper.userid)).toEqual({ balance: 10_000, points: 2_500 });
    const txns = await app
      .http()
      .get(`/api/wallet/gettransactions/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(txns.body[0]).toMatchObject({ type: 'Credit', status: 'Success', amount: 100 });
    const wallet = await app
      .http()
      .get(`/api/wallet/getbalance/${shopper.userid}`)
      .set(shopper.auth)
      .expect(200);
    expect(wallet.body).toEqual({ balance: 100 });
    await expectLedgerConsistent(app);
  });

  it('refuses more than the balance and bad amounts with the spec words in `msg`', async () => {
    const shopper = await newShopper(app);
    await earn(shopper, 512_345, 'ZS00000000000003'); // 51.23 points
    const over = await app
      .http()
      .post('/api/points/redeempoints')
      .set(shopper.auth)
      .send({ value: 52, userid: shopper.userid })
      .expect(409);
    expect(over.body.msg).toBe('Insufficient points. You have 51.23 points available.');
    for (const value of [0, -1, 1.5, 'lots']) {
      const bad = await app
        .http()
        .post('/api/points/redeempoints')
        .set(shopper.auth)
        .send({ value, userid: shopper.userid })
        .expect(400);
      expect(bad.body.msg).toBe('Please enter a valid points amount');
    }
    const other = await newShopper(app);
    await app
      .http()
      .post('/api/points/redeempoints')
      .set(other.auth)
      .send({ value: 1, userid: shopper.userid })
      .expect(404);
    expect((await balancesOf(app, shopper.userid)).points).toBe(5_123);
  });

  it('credits points for an order once, however often it is asked', async () => {
    const shopper = await newShopper(app);
    await Promise.all(Array.from({ length: 5 }, () => earn(shopper, 20_000, 'ZS00000000000004')));
    expect((await balancesOf(app, shopper.userid)).points).toBe(200);
    await expectLedgerConsistent(app);
  });

  it('keeps the ledger append-only', async () => {
    await expect(app.sql('UPDATE ledger_entries SET amount = amount + 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(app.sql('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
  });
});
