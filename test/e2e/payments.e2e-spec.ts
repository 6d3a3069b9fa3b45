import pg from 'pg';
import { DataSource } from 'typeorm';
import { randomBytes } from 'node:crypto';
import { Messages } from '@zstore/contract/messages';
import { dataSourceOptions } from '../../server/src/database/data-source.js';
import { Payments1764501700000 } from '../../server/src/database/migrations/1764501700000-Payments.js';
import { migrations } from '../../server/src/database/migrations/index.js';
import { JobName } from '../../server/src/jobs/job.enum.js';
import { RetentionService } from '../../server/src/modules/operations/retention.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { databaseUrl, TEST_DATABASE_URL } from '../utils/env.js';
import { afterSweeps } from '../utils/sweeps.js';
import { readUntil } from '../utils/wait.js';
import {
  balancesOf,
  expectLedgerConsistent,
  newShopper,
  testItem,
  waitFor,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { orderRow, orderStatus, placeUpi } from './upi.helpers.js';

async function admin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A migration's timestamp, from its class name (`Payments1764501700000`). */
const stamp = (migration: { name: string }) => Number(/\d{13}$/.exec(migration.name)![0]);

async function runMigrations(url: string, list: typeof migrations) {
  const dataSource = new DataSource({
    ...dataSourceOptions({ url, poolMax: 1 }),
    migrations: list,
  });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'all' });
  } finally {
    await dataSource.destroy();
  }
}

describe('the payments migration', () => {
  const name = `zstore_test_pay_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(name);
  let db: pg.Client;

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    await runMigrations(
      url,
      migrations.filter((migration) => stamp(migration) < stamp(Payments1764501700000)),
    );
    db = new pg.Client({ connectionString: url });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('gives every order and top-up with a gateway order (or still unpaid) its payments row, with the right status and schedule', async () => {
    const {
      rows: [user],
    } = await db.query<{ id: string; userid: string; email: string }>(
      `INSERT INTO users (name, email, mobilenumber, verified) VALUES ('Old Buyer', 'old.buyer@example.com', '7000000001', true)
       RETURNING id, userid, email`,
    );
    const {
      rows: [product],
    } = await db.query<{ id: string }>(
      `INSERT INTO products (name, type, category, imgpath) VALUES ('Old Game', 'game', 'games', '/x.png') RETURNING id`,
    );
    const {
      rows: [item],
    } = await db.query<{ id: string }>(
      `INSERT INTO items (name, originalprice, discountedprice, resellprice) VALUES ('Pack', 10000, 10000, 9000) RETURNING id`,
    );
    const order = (
      orderid: string,
      status: string,
      fields: { gateway?: boolean; reason?: string; ageHours?: number; mode?: string } = {},
    ) =>
      db.query(
        `INSERT INTO orders (orderid, user_id, userid, useremail, product_id, item_id, productname, itemname, input1, input2,
                             price, value, paymentmode, status, reason, txn_date, gateway_order_id, payment_url, upi_intent,
                             gateway_data, expires_at, verify_generation, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'Old Game', 'Pack', '1', '2', 10000, 10000, $7, $8, $9, '01-03-2026', $10, $11, $12,
                 $13, now() - make_interval(hours => $14) + interval '15 minutes', 3, now() - make_interval(hours => $14))`,
        [
          orderid,
          user.id,
          user.userid,
          user.email,
          product.id,
          item.id,
          fields.mode ?? 'upi',
          status,
          fields.reason ?? null,
          fields.gateway === false ? null : `G-${orderid}`,
          fields.gateway === false ? null : `https://pay.example/${orderid}`,
          fields.gateway === false
            ? null
            : JSON.stringify({ bhim_link: `upi://pay?tr=${orderid}` }),
          fields.gateway === false ? null : JSON.stringify({ status: 'pending' }),
          fields.ageHours ?? 0,
        ],
      );
    await order('ZSOLD00000000001', 'Created');
    await order('ZSOLD00000000002', 'Created', { gateway: false });
    await order('ZSOLD00000000003', 'Completed', { ageHours: 3 });
    await order('ZSOLD00000000004', 'Failed', {
      reason: Messages.paymentExpired,
      ageHours: 2,
    });
    await order('ZSOLD00000000005', 'Failed', { reason: Messages.paymentFailed, ageHours: 30 });
    await order('ZSOLD00000000006', 'Failed', {
      reason: Messages.latePaymentCredited,
      ageHours: 1,
    });
    await order('ZSOLD00000000007', 'Failed', {
      reason: Messages.paymentUnavailable,
      gateway: false,
    });
    await order('ZSOLD00000000008', 'Processing', { gateway: false, mode: 'wallet' });
    await db.query(
      `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount, orderid, txn_date)
       VALUES ('ZTOLDLATE0000006', $1, $2, $3, 'Credit', 'Success', 'late_payment', 10000, 'ZSOLD00000000006', '01-03-2026')`,
      [user.id, user.userid, user.email],
    );
    const topup = (txnid: string, status: string, attention: string | null = null) =>
      db.query(
        `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount, txn_date,
                                          gateway_order_id, payment_url, upi_intent, expires_at, attention, created_at)
         VALUES ($1, $2, $3, $4, 'Credit', $5, 'topup', 5000, '01-03-2026', $6, $7, '{}', now() + interval '10 minutes',
                 $8, now() - interval '5 minutes')`,
        [
          txnid,
          user.id,
          user.userid,
          user.email,
          status,
          `G-${txnid}`,
          `https://pay.example/${txnid}`,
          attention,
        ],
      );
    await topup('ZTOLD00000000001', 'Created');
    await topup('ZTOLD00000000002', 'Pending');
    await topup('ZTOLD00000000003', 'Success');
    await topup('ZTOLD00000000004', 'Failed');
    await topup('ZTOLD00000000005', 'Success', Messages.latePaymentCredited);

    await runMigrations(url, migrations);

    const { rows: payments } = await db.query<{
      client_txn_id: string;
      purpose: string;
      status: string;
      amount: string;
      gateway_order_id: string | null;
      payment_url: string | null;
      verify_generation: number;
      late_window_hours: number | null;
      has_next_check: boolean;
      linked: boolean;
    }>(
      `SELECT p.client_txn_id, p.purpose, p.status, p.amount, p.gateway_order_id, p.payment_url, p.verify_generation,
              (extract(epoch FROM p.late_check_until - p.created_at) / 3600)::float8 AS late_window_hours,
              p.next_check_at IS NOT NULL AS has_next_check,
              (o.payment_id = p.id OR w.payment_id = p.id) IS TRUE AS linked
       FROM payments p
       LEFT JOIN orders o ON o.orderid = p.client_txn_id
       LEFT JOIN wallet_transactions w ON w.txnid = p.client_txn_id
       ORDER BY p.client_txn_id`,
    );
    const shape = Object.fromEntries(
      payments.map((row) => [
        row.client_txn_id,
        [row.purpose, row.status, row.late_window_hours, row.has_next_check, row.linked],
      ]),
    );
    expect(shape).toEqual({
      ZSOLD00000000001: ['order', 'pending', null, false, true],
      ZSOLD00000000002: ['order', 'created', null, false, true],
      ZSOLD00000000003: ['order', 'succeeded', null, false, true],
      ZSOLD00000000004: ['order', 'expired', 24, true, true],
      // Past the one late rule's 24 hours: no check left.
      ZSOLD00000000005: ['order', 'failed', 24, false, true],
      ZSOLD00000000006: ['order', 'late_succeeded', null, false, true],
      ZTOLD00000000001: ['topup', 'pending', null, false, true],
      ZTOLD00000000002: ['topup', 'pending', null, false, true],
      ZTOLD00000000003: ['topup', 'succeeded', null, false, true],
      ZTOLD00000000004: ['topup', 'failed', 24, true, true],
      ZTOLD00000000005: ['topup', 'late_succeeded', null, false, true],
    });
    const open = payments.find((row) => row.client_txn_id === 'ZSOLD00000000001')!;
    expect(open).toMatchObject({
      amount: '10000',
      gateway_order_id: 'G-ZSOLD00000000001',
      payment_url: 'https://pay.example/ZSOLD00000000001',
      verify_generation: 3,
    });

    // The moved columns are gone from the payables.
    const { rows: left } = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_name IN ('orders', 'wallet_transactions')
         AND column_name IN ('gateway_order_id', 'gateway_data', 'expires_at', 'verify_generation', 'payment_url',
                             'upi_intent', 'next_check_at', 'late_check_until')`,
    );
    expect(left).toEqual([]);
  }, 120_000);
});

describe('one payment lifecycle for orders and top-ups', () => {
  let app: TestApp;
  let item: CatalogEntry;
  beforeAll(async () => {
    app = await startTestApp({
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      RATE_LIMIT_TOPUP: '1000/60',
      RATE_LIMIT_PAYMENT_CHECK: '1/1',
      SWEEP_INTERVAL_MS: '1000',
      // The payer's bank still completes the payments hours after the store gave up on them.
      UPI_SANDBOX_EXPIRE_MINUTES: '600',
    });
    item = await testItem(app, 4_900);
  });
  afterEach(() => app.clock.reset());
  afterAll(() => app.close());

  const startTopup = async (shopper: Shopper, rupees: number) =>
    (
      await app
        .http()
        .post('/api/wallet/topup')
        .set(shopper.auth)
        .send({ value: rupees, userid: shopper.userid })
        .expect(200)
    ).body.data.txnid as string;
  const txnStatus = (shopper: Shopper, txnid: string) =>
    app
      .http()
      .post('/api/wallet/txnstatus')
      .set(shopper.auth)
      .send({ client_txn_id: txnid })
      .expect(200);
  const checksOf = (id: string) =>
    app.sql<{ origin: string; answer: string | null }>(
      `SELECT c.origin, c.answer FROM payment_checks c JOIN payments p ON p.id = c.payment_id
       WHERE p.client_txn_id = $1 ORDER BY c.checked_at`,
      [id],
    );

  it('an order and a top-up that expired are both checked for a late payment hours later, credited once, each check audited', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, item);
    const txnid = await startTopup(shopper, 60);
    app.clock.advance(31 * 60_000);
    await readUntil(
      () => orderStatus(app, shopper, orderid),
      (answer) => answer.body.order.status === 'Failed',
    );
    await readUntil(
      () => txnStatus(shopper, txnid),
      (answer) => answer.body.data.status === 'Failed',
    );
    // The same rule for both: checked for a late payment until 24 h after they were made.
    const schedules = await app.sql<{ client_txn_id: string; unpaid: boolean; hours: number }>(
      `SELECT client_txn_id, status IN ('failed', 'expired') AS unpaid,
              (extract(epoch FROM late_check_until - created_at) / 3600)::float8 AS hours
       FROM payments WHERE client_txn_id = ANY($1) ORDER BY purpose`,
      [[orderid, txnid]],
    );
    expect(schedules).toEqual([
      { client_txn_id: orderid, unpaid: true, hours: 24 },
      { client_txn_id: txnid, unpaid: true, hours: 24 },
    ]);

    // Three hours on (past the orders' old one-hour window), both are paid at the gateway, and
    // no webhook or customer tells the store: only the sweep's late checks find them.
    app.clock.advance(3 * 3600_000);
    for (const id of [orderid, txnid]) {
      await app
        .http()
        .post(`/sandbox/upigateway/orders/${id}/pay`)
        .query({ webhook: 'skip' })
        .expect(200);
    }
    await waitFor(
      async () =>
        (await orderRow(app, orderid)).attention === Messages.latePaymentCredited &&
        (
          await app.sql<{ status: string }>(
            'SELECT status FROM wallet_transactions WHERE txnid = $1',
            [txnid],
          )
        )[0].status === 'Success',
      30_000,
      'both late payments credited by the sweep',
    );
    await afterSweeps(app, JobName.PaymentSweepPending, 2);
    expect((await balancesOf(app, shopper.userid)).balance).toBe(4_900 + 6_000);
    const settled = await app.sql<{ status: string; next_check_at: Date | null }>(
      `SELECT status, next_check_at FROM payments WHERE client_txn_id = ANY($1)`,
      [[orderid, txnid]],
    );
    expect(settled).toEqual([
      { status: 'late_succeeded', next_check_at: null },
      { status: 'late_succeeded', next_check_at: null },
    ]);

    for (const id of [orderid, txnid]) {
      const checks = await checksOf(id);
      expect(checks.map((check) => check.origin)).toEqual(
        expect.arrayContaining(['request', 'job']),
      );
      expect(checks.at(-1)).toEqual({ origin: 'job', answer: 'success' });
    }
    await expectLedgerConsistent(app);
  }, 90_000);

  it('audits the webhook and the customer asking, and purges checks past their retention', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, item);
    // The payment job asks at once, and one check a window serves whoever asks: the customer's
    // ask that waited for the window may find the job's next check took it, so they ask again.
    await waitFor(
      async () => {
        await orderStatus(app, shopper, orderid);
        return (await checksOf(orderid)).some((check) => check.origin === 'request');
      },
      20_000,
      "a check the customer's ask made",
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await app.http().post(`/sandbox/upigateway/orders/${orderid}/pay`).expect(200);
    await waitFor(async () => (await orderRow(app, orderid)).status !== 'Created', 10_000);
    const checks = await checksOf(orderid);
    // Whoever asked (the customer, the gateway's webhook, the payment job), and what it answered.
    expect(checks.map((check) => check.origin)).toContain('request');
    expect(checks.every((check) => ['request', 'webhook', 'job'].includes(check.origin))).toBe(
      true,
    );
    expect(checks.at(-1)!.answer).toBe('success');

    await app.sql(
      `UPDATE payment_checks SET checked_at = now() - interval '100 days'
       WHERE payment_id = (SELECT id FROM payments WHERE client_txn_id = $1)`,
      [orderid],
    );
    const purged = await app.store.app.get(RetentionService).purge();
    expect(purged.checks).toBe(checks.length);
    expect(await checksOf(orderid)).toEqual([]);
  }, 60_000);
});
