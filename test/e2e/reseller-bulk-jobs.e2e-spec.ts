import { JobQueueService } from '../../server/src/jobs/job-queue.service.js';
import { QueueName } from '../../server/src/jobs/job.enum.js';
import { batchJobId } from '../../server/src/modules/reseller-api/bulk/reseller-batches.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { readUntil } from '../utils/wait.js';
import { catalogEntry, expectLedgerConsistent, type CatalogEntry } from './money.helpers.js';
import { adminCreatesKey, clientFor, newReseller } from './reseller.helpers.js';
import { placeWalletOrder, testPlayer } from './supplier.helpers.js';

/**
 * Bulk orders in the background: their deliveries wait behind other customers' (the supplier
 * worker takes a storefront order queued after them first), and a batch whose placing job was
 * lost is taken up again by the sweep.
 */
describe('reseller bulk orders in the background', () => {
  let app: TestApp;
  let brazil86: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({ SWEEP_INTERVAL_MS: '1000' });
    brazil86 = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterAll(() => app.close());

  it('delivers a storefront order queued after a batch before the batch’s orders', async () => {
    const delivery = app.store.app.get(JobQueueService).getQueue(QueueName.Delivery);
    const reseller = await newReseller(app, 100 * brazil86.price);
    const key = await adminCreatesKey(app, reseller);
    const client = clientFor(app, key);
    // The supplier worker stops taking jobs while both kinds are queued.
    await delivery.pause();
    const rows = Array.from(
      { length: 10 },
      (_, i) => `fair-${i},${brazil86.itemId},${testPlayer('51')},1001`,
    );
    const sent = await client.post(
      '/api/reseller/v1/orders/bulk',
      ['reference,item_id,input1,input2', ...rows].join('\n'),
      'text/csv',
    );
    expect(sent.status).toBe(202);
    await readUntil(
      async () =>
        (await client.get(`/api/reseller/v1/batches/${sent.body.batch_id}`)).body as {
          status: string;
        },
      (body) => body.status !== 'placing',
      60_000,
    );
    const { orderid } = await placeWalletOrder(app, brazil86, {
      input1: testPlayer('51'),
      input2: '1001',
      balance: brazil86.price,
    });
    expect(await delivery.getJobCounts('wait', 'prioritized')).toEqual({
      wait: 1,
      prioritized: 10,
    });

    await delivery.resume();
    const done = await readUntil(
      () =>
        app.sql<{ orderid: string }>(
          `SELECT orderid FROM orders WHERE status = 'Completed' AND item_id = $1`,
          [brazil86.itemId],
        ),
      (orders) => orders.length === 11,
      120_000,
    );
    expect(done).toHaveLength(11);
    // The last order is Completed a moment before its job is moved to the completed list.
    const jobs = await readUntil(
      async () =>
        (await delivery.getJobs(['completed'])).map((job) => ({
          orderid: String(job.data.orderid),
          processedOn: job.processedOn ?? 0,
        })),
      (completed) => new Set(completed.map((job) => job.orderid)).size === 11,
      10_000,
    );
    const started = new Map(jobs.map((job) => [job.orderid, job.processedOn]));
    const storefront = started.get(orderid)!;
    const batch = [...started].filter(([id]) => id !== orderid).map(([, at]) => at);
    expect(batch).toHaveLength(10);
    expect(storefront).toBeLessThanOrEqual(Math.min(...batch));
    await expectLedgerConsistent(app);
  }, 240_000);

  it('places a batch whose job was lost once the sweep finds it', async () => {
    const batches = app.store.app.get(JobQueueService).getQueue(QueueName.Batches);
    const reseller = await newReseller(app, 10 * brazil86.price);
    const client = clientFor(app, await adminCreatesKey(app, reseller));
    await batches.pause();
    const rows = Array.from(
      { length: 3 },
      (_, i) => `lost-${i},${brazil86.itemId},${testPlayer('51')},1001`,
    );
    const sent = await client.post(
      '/api/reseller/v1/orders/bulk',
      ['reference,item_id,input1,input2', ...rows].join('\n'),
      'text/csv',
    );
    expect(sent.status).toBe(202);
    // The job the commit queued is gone, as if Redis had lost it.
    await batches.remove(batchJobId(String(sent.body.batch_id), 0));
    await batches.resume();
    const batch = await readUntil(
      async () =>
        (await client.get(`/api/reseller/v1/batches/${sent.body.batch_id}`)).body as {
          status: string;
          orders: unknown[];
        },
      (body) => body.status !== 'placing',
      60_000,
    );
    expect(batch.orders).toHaveLength(3);
    await expectLedgerConsistent(app);
  }, 120_000);
});
