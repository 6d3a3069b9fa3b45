import { startTestApp, type TestApp } from '../utils/app.js';
import { credit, testItem, type CatalogEntry, type Shopper } from './money.helpers.js';
import { adminCreatesKey, clientFor, newReseller, type ResellerKey } from './reseller.helpers.js';

const ORDERS = '/api/reseller/v1/orders';

/** The statement's CSV as rows of named fields. */
function parseCsv(text: string) {
  const [header, ...lines] = text.trim().split('\r\n');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
}

describe('reseller API test keys and statements', () => {
  let app: TestApp;
  let reseller: Shopper;
  let live: ResellerKey;
  let test: ResellerKey;
  let pack: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({ DELIVERY_ENABLED: 'false' });
    pack = await testItem(app, 12_050);
    reseller = await newReseller(app, 50_000);
    live = await adminCreatesKey(app, reseller, { mode: 'live', label: 'Live' });
    test = await adminCreatesKey(app, reseller, { mode: 'test', label: 'Sandbox' });
  });
  afterAll(() => app.close());

  const body = (reference: string, input1: string) => ({
    reference,
    item_id: pack.itemId,
    input1,
    input2: 'Tester',
  });

  it('runs test keys on a separate balance the reseller tops up freely', async () => {
    const client = clientFor(app, test);
    expect(test.keyId).toMatch(/^rk_test_/);
    expect((await client.get('/api/reseller/v1/balance')).body).toEqual({
      balance_paise: 0,
      currency: 'INR',
      mode: 'test',
    });
    const short = await client.post(ORDERS, body('t-0', '12345678'));
    expect(short).toMatchObject({ status: 402, body: { code: 'INSUFFICIENT_BALANCE' } });
    const topup = await client.post('/api/reseller/v1/sandbox/topup', { amount_paise: 100_000 });
    expect(topup.body).toEqual({ balance_paise: 100_000, currency: 'INR', mode: 'test' });
    // A live key cannot top up.
    const refused = await clientFor(app, live).post('/api/reseller/v1/sandbox/topup', {
      amount_paise: 1,
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'TEST_KEY_ONLY' } });
  });

  it('plays the supplier test players: delivered, refused (13) and timed out (99), apart from the wallet', async () => {
    const client = clientFor(app, test);
    const walletBefore = await app.sql<{ balance: string }>(
      'SELECT balance FROM users WHERE id = $1',
      [reseller.id],
    );
    const delivered = await client.post(ORDERS, body('t-ok', '12345678'));
    const refused = await client.post(ORDERS, body('t-refused', '12345613'));
    const held = await client.post(ORDERS, body('t-held', '12345699'));
    expect([delivered.status, refused.status, held.status]).toEqual([201, 201, 201]);
    expect(delivered.body.order).toMatchObject({ status: 'Processing', price_paise: 12_050 });
    expect(refused.body.order).toMatchObject({
      status: 'Refunded',
      refund: { amount_paise: 12_050, reason: expect.stringContaining('refused') },
    });
    app.clock.advance(1500);
    try {
      expect((await client.get(`${ORDERS}/t-ok`)).body.order).toMatchObject({
        status: 'Completed',
        completed_at: expect.any(String),
      });
      expect((await client.get(`${ORDERS}/t-held`)).body.order.status).toBe('Processing');
    } finally {
      app.clock.reset();
    }
    // Two orders kept their price, the refused one came back.
    expect((await client.get('/api/reseller/v1/balance')).body.balance_paise).toBe(
      100_000 - 2 * 12_050,
    );
    // Nothing of it reached the store's orders or the wallet.
    expect(await app.sql('SELECT 1 FROM orders WHERE user_id = $1', [reseller.id])).toEqual([]);
    expect(
      await app.sql<{ balance: string }>('SELECT balance FROM users WHERE id = $1', [reseller.id]),
    ).toEqual(walletBefore);
    // References are apart per mode: the live key can use t-ok for a real order.
    expect((await clientFor(app, live).post(ORDERS, body('t-ok', '55667788'))).status).toBe(201);
    // And the resend of a test reference answers the same test order.
    const again = await client.post(ORDERS, body('t-ok', '12345678'));
    expect(again.status).toBe(200);
    expect(again.body.order.orderid).toBe(delivered.body.order.orderid);
  });

  it('answers a statement whose balances match the ledger to the paisa', async () => {
    const client = clientFor(app, live);
    await credit(app, reseller, 777);
    expect((await client.post(ORDERS, body('s-1', '55667788'))).status).toBe(201);
    const answer = await client.get('/api/reseller/v1/statement');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = answer.body as string;
    expect(text.split('\r\n')[0]).toBe(
      'txnid,time,type,amount_paise,balance_after_paise,orderid,reference',
    );
    const rows = parseCsv(text);
    expect(rows.map((row) => [row.type, Number(row.amount_paise), row.reference])).toEqual([
      ['admin_credit', 50_000, ''],
      ['wallet_order', -12_050, 't-ok'],
      ['admin_credit', 777, ''],
      ['wallet_order', -12_050, 's-1'],
    ]);
    // Each balance is the one before plus the amount, and the last is the wallet's balance.
    let running = 0;
    for (const row of rows) {
      running += Number(row.amount_paise);
      expect(Number(row.balance_after_paise)).toBe(running);
    }
    const [user] = await app.sql<{ balance: string }>('SELECT balance FROM users WHERE id = $1', [
      reseller.id,
    ]);
    const [ledger] = await app.sql<{ sum: string }>(
      `SELECT sum(amount)::text AS sum FROM ledger_entries WHERE account = $1 AND currency = 'ZCOIN'`,
      [`wallet:${reseller.userid}`],
    );
    expect(running).toBe(Number(user.balance));
    expect(running).toBe(Number(ledger.sum));

    // The dashboard downloads the same file.
    const dashboard = await app
      .http()
      .get(`/api/resellers/${reseller.userid}/statement`)
      .set(reseller.auth)
      .expect(200);
    expect(dashboard.text).toBe(text);
    const testStatement = await app
      .http()
      .get(`/api/resellers/${reseller.userid}/statement?mode=test`)
      .set(reseller.auth)
      .expect(200);
    expect(parseCsv(testStatement.text).map((row) => [row.type, Number(row.amount_paise)])).toEqual(
      [
        ['topup', 100_000],
        ['order', -12_050],
        ['order', -12_050],
        ['refund', 12_050],
        ['order', -12_050],
      ],
    );
    // A period in the past holds nothing; a reversed one is refused.
    const empty = await client.get(
      '/api/reseller/v1/statement?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z',
    );
    expect(parseCsv(empty.body as string)).toEqual([]);
    const reversed = await client.get(
      '/api/reseller/v1/statement?from=2020-02-01T00:00:00Z&to=2020-01-01T00:00:00Z',
    );
    expect(reversed).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
  });
});
