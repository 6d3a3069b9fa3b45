import { JobName } from '../../server/src/jobs/job.enum.js';
import { AlertChecksService } from '../../server/src/modules/operations/alert-checks.service.js';
import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { catalogEntry, expectLedgerConsistent, type CatalogEntry } from './money.helpers.js';
import { placeWalletOrder, smileOrders, testPlayer, waitFor } from './supplier.helpers.js';
import { afterSweeps } from '../utils/sweeps.js';

const ALERT_EMAIL = 'ops.alerts@example.com';
const FULL_BALANCE = 60575;

interface OrderState {
  orderid: string;
  status: string;
  delivery_status: string;
  attention: string | null;
}

/**
 * Issue 11: a supplier account that runs dry does not flag every paid order for the admin.
 * The orders wait, visibly, the admin is told once, and delivery resumes by itself when the
 * balance is topped up.
 */
describe('supplier balance guard', () => {
  let app: TestApp;
  let brazil86: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({
      SWEEP_INTERVAL_MS: '1000',
      SUPPLIER_BALANCE_REFRESH_MS: '1000',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      ALERT_EMAIL,
    });
    brazil86 = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterAll(async () => {
    await app
      .http()
      .post('/sandbox/smileone/balances')
      .send({ region: 'SMILEBR', points: FULL_BALANCE });
    await app.close();
  });

  const states = (orderids: string[]) =>
    app.sql<OrderState>(
      'SELECT orderid, status, delivery_status, attention FROM orders WHERE orderid = ANY($1) ORDER BY orderid',
      [orderids],
    );
  const alertMails = async () =>
    (
      (await app.http().get('/api/sandbox/outbox').query({ to: ALERT_EMAIL })).body as Array<{
        subject: string;
        text: string;
      }>
    ).filter((mail) => mail.text.includes('The Smile.one balance (SMILEBR)'));

  it('orders wait while the balance is short, the admin is told once (not again for the low balance), and they complete after a top-up', async () => {
    await app
      .http()
      .post('/sandbox/smileone/balances')
      .send({ region: 'SMILEBR', points: 1 })
      .expect(200);
    const players = [testPlayer('42'), testPlayer('42'), testPlayer('42')];
    const orderids: string[] = [];
    for (const player of players) {
      const { orderid } = await placeWalletOrder(app, brazil86, {
        input1: player,
        input2: '1234',
        balance: 500_000,
      });
      orderids.push(orderid);
    }

    const waiting = await waitFor(
      () => states(orderids),
      (rows) => rows.every((row) => row.attention === Messages.deliveryAwaitingBalance),
      20_000,
    );
    for (const row of waiting) {
      // Each sweep takes a waiting order up again (`in_progress`) and puts it back (`pending`).
      expect(row).toMatchObject({
        status: 'Processing',
        attention: Messages.deliveryAwaitingBalance,
      });
      expect(['pending', 'in_progress']).toContain(row.delivery_status);
    }
    // Several sweeps later: still waiting, none flagged, nothing bought, one alert.
    await afterSweeps(app, JobName.DeliverySweepPending, 3);
    const still = await states(orderids);
    for (const row of still) {
      expect(row.attention).toBe(Messages.deliveryAwaitingBalance);
      expect(['pending', 'in_progress']).toContain(row.delivery_status);
    }
    for (const player of players) expect(await smileOrders(app, player)).toHaveLength(0);
    // The balance read at the refusal is also below the low-balance threshold: the alert
    // checks find it, and it is still the one alert of the one episode.
    await app.store.app.get(AlertChecksService).check();
    const mails = await waitFor(alertMails, (found) => found.length > 0, 10_000);
    expect(mails).toHaveLength(1);
    // The periodic check may find the low balance before the first refusal: either way one mail,
    // and the open alert says that paid orders are waiting.
    expect(mails[0].subject).toMatch(
      /^Z Store alert: The Smile\.one balance \(SMILEBR\) (cannot pay for paid orders \(20010 Insufficient smile points balance\)|is \d+ points, below \d+)/,
    );
    const [alertRow] = await app.sql<{ kind: string; message: string }>(
      `SELECT kind, message FROM admin_alerts
       WHERE key = 'supplier-balance:smileone:SMILEBR' AND resolved_at IS NULL`,
    );
    expect(alertRow.kind).toBe('supplier_balance_short');
    expect(alertRow.message).toContain('cannot pay for paid orders');
    const packs = await app.sql<{ status: string; failure: string | null }>(
      'SELECT status, failure FROM supplier_purchases WHERE orderid = ANY($1)',
      [orderids],
    );
    expect(packs.every((pack) => pack.status === 'reserved' && pack.failure === null)).toBe(true);
    const [open] = await app.sql<{ resolved_at: Date | null }>(
      `SELECT resolved_at FROM admin_alerts WHERE key = 'supplier-balance:smileone:SMILEBR'`,
    );
    expect(open.resolved_at).toBeNull();

    // The top-up: delivery resumes by itself.
    await app
      .http()
      .post('/sandbox/smileone/balances')
      .send({ region: 'SMILEBR', points: FULL_BALANCE })
      .expect(200);
    const done = await waitFor(
      () => states(orderids),
      (rows) => rows.every((row) => row.status === 'Completed'),
      30_000,
    );
    for (const row of done) {
      expect(row).toMatchObject({
        status: 'Completed',
        delivery_status: 'delivered',
        attention: null,
      });
    }
    for (const player of players) expect(await smileOrders(app, player)).toHaveLength(1);
    const [closed] = await app.sql<{ resolved_at: Date | null }>(
      `SELECT resolved_at FROM admin_alerts WHERE key = 'supplier-balance:smileone:SMILEBR'`,
    );
    expect(closed.resolved_at).not.toBeNull();
    await app.store.app.get(AlertChecksService).check();
    expect(await alertMails()).toHaveLength(1);
    await expectLedgerConsistent(app);
  });
});
