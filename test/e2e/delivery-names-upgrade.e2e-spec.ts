import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { deleteRedisPrefix, startTestApp, type TestApp } from '../utils/app.js';
import { REDIS_URL } from '../utils/env.js';
import { catalogEntry, newShopper } from './money.helpers.js';
import { smileOrders, waitFor } from './supplier.helpers.js';

/**
 * The release that named delivery "fulfilment" queued `OrderFulfil` jobs in the `fulfilment`
 * queue and scheduled `FulfilmentSweepPending`. A store started over that Redis drops the former
 * sweep's schedule, and the delivery sweep re-queues an order whose former job waits where no
 * worker listens, under its next generation, so the former job could never buy it again.
 */
describe('A store started over the Redis of the release with the fulfilment names', () => {
  const prefix = `zu${randomBytes(4).toString('hex')}`;
  let app: TestApp | undefined;
  afterAll(async () => {
    await app?.close();
    await deleteRedisPrefix(prefix);
  });

  it("drops the former sweep's schedule and delivers the order of a former job once", async () => {
    const connection = { url: REDIS_URL };
    const maintenance = new Queue('maintenance', { connection, prefix });
    const former = new Queue('fulfilment', { connection, prefix });
    const orderid = `ZS${Date.now().toString(36).toUpperCase().padStart(14, '0')}`.slice(0, 16);
    try {
      await maintenance.upsertJobScheduler(
        'schedule-FulfilmentSweepPending',
        { every: 1000 },
        { name: 'FulfilmentSweepPending', data: {} },
      );
      await former.add('OrderFulfil', { orderid, generation: 0 }, { jobId: `fulfil-${orderid}-0` });

      app = await startTestApp({ REDIS_PREFIX: prefix, SWEEP_INTERVAL_MS: '1000' });
      const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
      const shopper = await newShopper(app);
      await app.sql(
        `INSERT INTO orders (orderid, user_id, userid, useremail, product_id, item_id, productname, itemname, input1,
                             input2, price, value, paymentmode, status, is_api, api_type, itemidarray, txn_date, paid_at)
         SELECT $1, $2, $3, $4, p.id, i.id, p.name, i.name, '123456743', '1234', i.discountedprice, i.discountedprice,
                'wallet', 'Processing', true, i.api_type, i.itemidarray, '22-11-2026', now()
         FROM products p JOIN items i ON i.id = $5 WHERE p.id = $6`,
        [orderid, shopper.id, shopper.userid, shopper.email, entry.itemId, entry.productId],
      );
      const state = await waitFor(
        async () =>
          (
            await app!.sql<{ status: string; delivery_generation: number }>(
              'SELECT status, delivery_generation FROM orders WHERE orderid = $1',
              [orderid],
            )
          )[0],
        (row) => row.status === 'Completed',
        15_000,
      );
      expect(state).toEqual({ status: 'Completed', delivery_generation: 1 });
      expect(await smileOrders(app, '123456743')).toHaveLength(1);
      expect(await maintenance.getJobScheduler('schedule-FulfilmentSweepPending')).toBeUndefined();
    } finally {
      await Promise.all([maintenance.close(), former.close()]);
    }
  });
});
