/**
 * RELIABILITY F1: PostgreSQL goes away under a load of Z-Coins orders (every connection cut, new
 * ones refused, as when the server is killed) and comes back. While it is away each request is
 * answered 503 with Retry-After within 2 s; once it is back the same process serves again within
 * 10 s; no order is left half-made and the ledger balances.
 */
import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { TEST_DATABASE_URL } from '../utils/env.js';
import { TcpSwitch } from '../utils/tcp-switch.js';
import {
  balancesOf,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  testItem,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';

const PRICE = 1_000;
const CLIENTS = 8;

interface Answer {
  status: number;
  ms: number;
  at: number;
  message?: unknown;
  retryAfter?: string;
}

describe('PostgreSQL down under load', () => {
  let app: TestApp;
  let database: TcpSwitch;
  let shoppers: Shopper[];
  let pack: CatalogEntry;

  beforeAll(async () => {
    const upstream = new URL(TEST_DATABASE_URL);
    database = await TcpSwitch.start({
      host: upstream.hostname,
      port: Number(upstream.port || 5432),
    });
    app = await startTestApp(
      { RATE_LIMIT_USER_ACTIONS: '100000/60' },
      {
        routeDatabase: (url) => {
          const relayed = new URL(url);
          relayed.port = String(database.port);
          return relayed.toString();
        },
      },
    );
    pack = await testItem(app, PRICE);
    shoppers = [];
    for (let i = 0; i < CLIENTS; i++) shoppers.push(await newShopper(app, { balance: 1_000_000 }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 fast while it is away, serves again once it is back, and loses nothing', async () => {
    const answers: Answer[] = [];
    let running = true;
    const client = async (shopper: Shopper) => {
      while (running) {
        const started = Date.now();
        const response = await app
          .http()
          .post('/api/order/createWalletOrder')
          .set(shopper.auth)
          .send(orderBody(shopper, pack, { paymentmode: 'wallet' }));
        answers.push({
          status: response.status,
          ms: Date.now() - started,
          at: started,
          message: (response.body as { message?: unknown }).message,
          retryAfter: response.headers['retry-after'],
        });
      }
    };
    const load = Promise.all(shoppers.map(client));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await pause(1_000);
    const downAt = Date.now();
    database.set('refuse');
    await pause(3_000);
    const health = await app.http().get('/api/health');
    database.set('up');
    const upAt = Date.now();
    await pause(3_000);
    running = false;
    await load;

    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ details: { database: { status: 'down' } } });

    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 503, message: Messages.busy, retryAfter: '1' });
      expect(answer.ms).toBeLessThan(2_000);
    }
    // Served before the outage, and again within 10 s of PostgreSQL coming back.
    expect(answers.some((answer) => answer.status === 200 && answer.at < downAt)).toBe(true);
    const servedAgain = answers.find((answer) => answer.status === 200 && answer.at >= upAt);
    expect(servedAgain).toBeDefined();
    expect(servedAgain!.at + servedAgain!.ms - upAt).toBeLessThan(10_000);

    // Every order that exists was paid for once, and every debit belongs to an order.
    const placed = answers.filter((answer) => answer.status === 200).length;
    const [orders] = await app.sql<{ orders: number; debits: number; unpaid: number }>(
      `SELECT (SELECT count(*) FROM orders WHERE user_id = ANY($1::uuid[]))::int AS orders,
              (SELECT count(*) FROM wallet_transactions WHERE user_id = ANY($1::uuid[]) AND type = 'Debit')::int AS debits,
              (SELECT count(*) FROM orders o WHERE o.user_id = ANY($1::uuid[]) AND NOT EXISTS (
                 SELECT 1 FROM wallet_transactions w WHERE w.orderid = o.orderid AND w.type = 'Debit'))::int AS unpaid`,
      [shoppers.map((shopper) => shopper.id)],
    );
    // An order committed just as its connection was cut is kept, though its answer was a 503.
    expect(orders.orders).toBeGreaterThanOrEqual(placed);
    expect(orders).toMatchObject({ debits: orders.orders, unpaid: 0 });
    let spent = 0;
    for (const shopper of shoppers) {
      spent += 1_000_000 - (await balancesOf(app, shopper.userid)).balance;
    }
    expect(spent).toBe(orders.orders * PRICE);
    await expectLedgerConsistent(app);
  });
});
