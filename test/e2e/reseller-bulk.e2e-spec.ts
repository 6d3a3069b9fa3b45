import { startTestApp, type TestApp } from '../utils/app.js';
import { readUntil } from '../utils/wait.js';
import {
  expectLedgerConsistent,
  testItem,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { adminCreatesKey, clientFor, newReseller, type ResellerKey } from './reseller.helpers.js';

const BULK = '/api/reseller/v1/orders/bulk';
const HEADER = 'reference,item_id,input1,input2';

interface BatchBody {
  status: string;
  counts: Record<string, number>;
  orders: { reference: string; input1: string; refund?: { amount_paise: number } }[];
}

const csv = (rows: string[][]) => [HEADER, ...rows.map((row) => row.join(','))].join('\n') + '\n';

describe('reseller API bulk orders: checked whole, placed in the background, never twice', () => {
  let app: TestApp;
  let pack: CatalogEntry;
  let outOfStock: CatalogEntry;

  const sqlCount = async (query: string, params: unknown[]) =>
    Number((await app.sql<{ n: string }>(query, params))[0].n);
  const ordersOf = (reseller: Shopper) =>
    sqlCount('SELECT count(*) AS n FROM orders WHERE user_id = $1', [reseller.id]);
  const balanceOf = async (reseller: Shopper) =>
    Number(
      (
        await app.sql<{ balance: string }>('SELECT balance FROM users WHERE id = $1', [reseller.id])
      )[0].balance,
    );
  const debitsOf = async (reseller: Shopper) =>
    (
      await app.sql<{ n: string; sum: string | null }>(
        `SELECT count(*) AS n, sum(amount) AS sum FROM wallet_transactions
         WHERE user_id = $1 AND purpose = 'order'`,
        [reseller.id],
      )
    ).map((row) => ({ count: Number(row.n), sum: Math.abs(Number(row.sum ?? 0)) }))[0];

  /** Reads the batch until it is no longer placing. */
  const settled = (key: ResellerKey, batchId: string, timeoutMs = 60_000) =>
    readUntil(
      async () =>
        (await clientFor(app, key).get(`/api/reseller/v1/batches/${batchId}`)).body as BatchBody,
      (body: { status?: string }) => body.status !== undefined && body.status !== 'placing',
      timeoutMs,
    );

  beforeAll(async () => {
    // Orders stay Processing: the suppliers are not part of these tests.
    app = await startTestApp({ DELIVERY_ENABLED: 'false' });
    pack = await testItem(app, 5_000);
    outOfStock = await testItem(app, 5_000);
    await app.sql('UPDATE items SET instock = false WHERE id = $1', [outOfStock.itemId]);
  });
  afterAll(() => app.close());

  it('refuses the rows the pre-check refuses, places only the others, and refuses a bad file whole', async () => {
    const reseller = await newReseller(app, 100_000);
    const key = await adminCreatesKey(app, reseller);
    const client = clientFor(app, key);
    const single = await client.post('/api/reseller/v1/orders', {
      reference: 'used-1',
      item_id: pack.itemId,
      input1: '10000001',
      input2: 'Hero',
    });
    expect(single.status).toBe(201);

    const badHeader = await client.post(BULK, 'ref,item\nx,y\n', 'text/csv');
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.code).toBe('INVALID_INPUT');

    const answer = await client.post(
      BULK,
      csv([
        ['good-1', pack.itemId, '10000002', 'Hero'],
        ['good-1', pack.itemId, '10000003', 'Hero'],
        ['used-1', pack.itemId, '10000001', 'Hero'],
        ['no-item', '00000000-0000-0000-0000-000000000000', '10000004', 'Hero'],
        ['bad-player', pack.itemId, 'abc', 'Hero'],
        ['sold-out', outOfStock.itemId, '10000005', 'Hero'],
        ['bad ref!', pack.itemId, '10000006', 'Hero'],
        ['short-row', pack.itemId],
        ['good-2', pack.itemId, '10000007', 'Hero'],
      ]),
      'text/csv',
    );
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ rows: 9, accepted: 2, total_paise: 10_000 });
    expect(answer.body.rejected.map((r: { row: number; code: string }) => [r.row, r.code])).toEqual(
      [
        [2, 'REFERENCE_REUSED'],
        [3, 'REFERENCE_REUSED'],
        [4, 'INVALID_INPUT'],
        [5, 'INVALID_INPUT'],
        [6, 'OUT_OF_STOCK'],
        [7, 'INVALID_INPUT'],
        [8, 'INVALID_INPUT'],
      ],
    );
    const batch = await settled(key, answer.body.batch_id);
    expect(batch).toMatchObject({ status: 'placed', counts: { Processing: 2, Rejected: 7 } });
    expect(batch.orders.map((o: { reference: string }) => o.reference)).toEqual([
      'good-1',
      'good-2',
    ]);
    expect(batch.orders[0].input1).toBe('10000002');
    expect(await ordersOf(reseller)).toBe(3);
    expect(await balanceOf(reseller)).toBe(100_000 - 3 * 5_000);

    const allBad = await client.post(BULK, csv([['used-1', pack.itemId, '1', 'x']]), 'text/csv');
    expect(allBad.status).toBe(202);
    expect(allBad.body).toMatchObject({ accepted: 0, status: 'placed' });
    expect(await ordersOf(reseller)).toBe(3);
    await expectLedgerConsistent(app);
  });

  it('places nothing when the balance does not cover the accepted rows together', async () => {
    const reseller = await newReseller(app, 12_000);
    const key = await adminCreatesKey(app, reseller);
    const answer = await clientFor(app, key).post(
      BULK,
      csv(['a', 'b', 'c'].map((ref) => [`poor-${ref}`, pack.itemId, '10000001', 'Hero'])),
      'text/csv',
    );
    expect(answer.status).toBe(402);
    expect(answer.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(await ordersOf(reseller)).toBe(0);
    expect(await balanceOf(reseller)).toBe(12_000);
    expect(
      await sqlCount('SELECT count(*) AS n FROM reseller_batches WHERE user_id = $1', [
        reseller.id,
      ]),
    ).toBe(0);
  });

  it('places 1,000 rows as 1,000 ordinary orders and debits, the ledger whole', async () => {
    const reseller = await newReseller(app, 1000 * 5_000);
    const key = await adminCreatesKey(app, reseller);
    const rows = Array.from({ length: 1000 }, (_, i) => [
      `big-${i}`,
      pack.itemId,
      String(10_000_000 + i),
      'Hero',
    ]);
    const client = clientFor(app, key);
    const started = Date.now();
    const answer = await client.post(BULK, csv(rows), 'text/csv');
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ rows: 1000, accepted: 1000, rejected: [] });
    // Accepted at once, placed in the background.
    expect(Date.now() - started).toBeLessThan(15_000);
    const batch = await settled(key, answer.body.batch_id, 240_000);
    expect(batch.counts).toEqual({ Processing: 1000 });
    expect(await ordersOf(reseller)).toBe(1000);
    expect(await debitsOf(reseller)).toEqual({ count: 1000, sum: 1000 * 5_000 });
    expect(await balanceOf(reseller)).toBe(0);
    const api = await sqlCount(
      'SELECT count(*) AS n FROM reseller_orders WHERE user_id = $1 AND reference LIKE $2',
      [reseller.id, 'big-%'],
    );
    expect(api).toBe(1000);
    await expectLedgerConsistent(app);
  }, 300_000);

  it('answers the same batch to concurrent resends and places each row once', async () => {
    const reseller = await newReseller(app, 100_000);
    const key = await adminCreatesKey(app, reseller);
    const client = clientFor(app, key);
    const file = csv(
      Array.from({ length: 10 }, (_, i) => [`again-${i}`, pack.itemId, '10000001', 'Hero']),
    );
    const path = `${BULK}?batch_reference=upload-7`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.post(path, file, 'text/csv')),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 202]);
    expect(new Set(answers.map((a) => String(a.body.batch_id))).size).toBe(1);
    await settled(key, answers[0].body.batch_id);
    // The same file without the batch reference is another batch, whose every row is used.
    const again = await client.post(BULK, file, 'text/csv');
    expect(again.body).toMatchObject({ accepted: 0 });
    const reused = await client.post(path, file.replace('again-9', 'again-10'), 'text/csv');
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('REFERENCE_REUSED');
    expect(await ordersOf(reseller)).toBe(10);
    expect(await debitsOf(reseller)).toEqual({ count: 10, sum: 50_000 });
    await expectLedgerConsistent(app);
  });

  it('places a test batch against the simulators: a refused player is refunded to the test balance', async () => {
    const reseller = await newReseller(app, 0);
    const key = await adminCreatesKey(app, reseller, { mode: 'test', label: 'Sandbox' });
    const client = clientFor(app, key);
    await client.post('/api/reseller/v1/sandbox/topup', { amount_paise: 20_000 });
    const answer = await client.post(
      BULK,
      csv([
        ['t-1', pack.itemId, '10000001', 'Hero'],
        ['t-2', pack.itemId, '10000013', 'Hero'],
        ['t-3', pack.itemId, '10000002', 'Hero'],
      ]),
      'text/csv',
    );
    expect(answer.status).toBe(202);
    const done = await readUntil(
      async () =>
        (await client.get(`/api/reseller/v1/batches/${answer.body.batch_id}`)).body as BatchBody,
      (body: { status: string }) => body.status === 'completed',
      30_000,
    );
    expect(done.counts).toEqual({ Completed: 2, Refunded: 1 });
    const refunded = done.orders.find((o: { reference: string }) => o.reference === 't-2');
    expect(refunded?.refund?.amount_paise).toBe(5_000);
    const balance = await client.get('/api/reseller/v1/balance');
    expect(balance.body.balance_paise).toBe(20_000 - 2 * 5_000);
    // Test orders never reach the wallet or the ledger.
    expect(await ordersOf(reseller)).toBe(0);
    expect(await balanceOf(reseller)).toBe(0);
    const missing = await client.get(
      '/api/reseller/v1/batches/00000000-0000-0000-0000-000000000000',
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('BATCH_NOT_FOUND');
  });
});
