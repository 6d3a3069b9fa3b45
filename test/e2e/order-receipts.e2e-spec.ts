import { DeliveryService } from '../../server/src/modules/delivery/delivery.service.js';
import { istDate } from '../../server/src/common/india-time.js';
import {
  OrderSettlementService,
  STORE_ACTOR,
} from '../../server/src/modules/orders/order-settlement.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { waitForMessage } from '../utils/outbox.js';
import {
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  sessionOf,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { placeWalletOrder, testPlayer, waitFor } from './supplier.helpers.js';
import { placeUpi } from './upi.helpers.js';

interface OrderEnd {
  id: string;
  status: string;
  reason: string | null;
  customer_reason: string | null;
  created_at: Date;
  delivery_generation: number;
}

interface StoredMail {
  subject: string;
  text_body: string;
  html_body: string | null;
}

const RECEIPT = /receipt/i;
const REFUND = /refund/i;

/** The e-mails a customer gets when an order completes or is refunded (issue 9, point 8). */
describe('e-mails about how an order ended', () => {
  let app: TestApp;
  let admin: Shopper;
  let diamonds: CatalogEntry;
  let bgmi: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({
      PROVIDER_TIMEOUT_MS: '1000',
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      RATE_LIMIT_CHECKID: '1000/60',
    });
    admin = await sessionOf(app, 'admin@example.com');
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    bgmi = await catalogEntry(app, 'BGMI', '60 UC');
  });
  afterAll(() => app.close());

  const orderEnd = async (orderid: string) =>
    (
      await app.sql<OrderEnd>(
        `SELECT id, status, reason, customer_reason, created_at, delivery_generation
         FROM orders WHERE orderid = $1`,
        [orderid],
      )
    )[0];

  const ended = (orderid: string) =>
    waitFor(
      () => orderEnd(orderid),
      (order) => order.status !== 'Processing',
      20_000,
    );

  /** Every mail the store recorded for `email` (the outbox table: one row per mail it sends). */
  const storedMails = (email: string) =>
    app.sql<StoredMail>(
      'SELECT subject, text_body, html_body FROM outgoing_mail WHERE recipient = $1 ORDER BY created_at',
      [email],
    );

  const delivered = async (email: string) =>
    (await app.http().get('/api/sandbox/outbox').query({ to: email }).expect(200)).body as Array<{
      subject: string;
      text: string;
    }>;

  const asAdmin = (path: string) => app.http().get(path).set(admin.auth);

  /** A hand-fulfilled BGMI order paid with Z-Coins, left `Processing` for the admin. */
  async function manualOrder() {
    return placeWalletOrder(app, bgmi, {
      input1: '51234567',
      input2: 'Asha <Rao>',
      balance: bgmi.price,
    });
  }

  it('a Z-Coins order Smile.one delivers: one receipt with the pack, player, name, price and points', async () => {
    const player = testPlayer('01');
    const check = await app.http().post('/api/order/checkid').send({
      userid: player,
      zoneid: '1234',
      selectedProduct: diamonds.productId,
      selectedItem: diamonds.itemId,
    });
    const inGameName = check.body.username as string;
    expect(inGameName).toBe(`Player${player.slice(-4)}`);
    const { shopper, orderid } = await placeWalletOrder(app, diamonds, {
      input1: player,
      input2: '1234',
      balance: diamonds.price,
    });

    const order = await ended(orderid);
    expect(order.status).toBe('Completed');
    const receipt = await waitForMessage(app.url, shopper.email, (m) => RECEIPT.test(m.subject!));
    expect(receipt.subject).toContain(orderid);
    for (const line of [
      'Game: Mobile Legends (Brazil server)',
      'Pack: 86 Diamonds',
      `User ID: ${player}`,
      'Zone ID: 1234',
      `In-game name: ${inGameName}`,
      'Price paid: ₹119',
      'Paid with: Z-Coins',
      // 1 % of ₹119.
      'Points earned: 1.19',
      `Order ID: ${orderid}`,
      `Date: ${istDate(new Date(order.created_at)).replaceAll('-', '/')}`,
    ]) {
      expect(receipt.text).toContain(line);
    }

    // The delivery job run again over the finished order sends nothing more.
    await app.store.app.get(DeliveryService).deliver(orderid, order.delivery_generation);
    const mails = await storedMails(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].html_body).toContain('86 Diamonds');
    expect(mails[0].html_body).toContain(inGameName);
    expect(await delivered(shopper.email)).toHaveLength(1);
    await expectLedgerConsistent(app);
  });

  it("a player the supplier refuses: a refund e-mail in plain words, never the supplier's text", async () => {
    const { shopper, orderid } = await placeWalletOrder(app, diamonds, {
      input1: testPlayer('13'),
      input2: '1234',
      balance: diamonds.price,
    });

    const order = await ended(orderid);
    expect(order.status).toBe('Refunded');
    expect(order.reason).toBeTruthy();
    const mail = await waitForMessage(app.url, shopper.email, (m) => REFUND.test(m.subject!));
    expect(mail.subject).toContain(orderid);
    expect(mail.text).toContain(order.customer_reason!);
    expect(mail.text).toContain('₹119 went back to your Z-Coins.');
    expect(mail.text).toContain('Refunded: ₹119 to your Z-Coins wallet');
    const [stored] = await storedMails(shopper.email);
    for (const body of [mail.text, stored.text_body, stored.html_body!]) {
      expect(body).not.toContain(order.reason!);
    }
    expect(await storedMails(shopper.email)).toHaveLength(1);
    await expectLedgerConsistent(app);
  });

  it("an admin's refund: an e-mail with the admin's reason and where the money went", async () => {
    const { shopper, orderid } = await manualOrder();
    const { id } = await orderEnd(orderid);
    await asAdmin(
      `/api/admin/updateorder/${id}/Refund/${encodeURIComponent('Out of stock at the supplier')}`,
    ).expect(200);

    const mail = await waitForMessage(app.url, shopper.email, (m) => REFUND.test(m.subject!));
    expect(mail.text).toContain(
      `Out of stock at the supplier. ₹${bgmi.price / 100} went back to your Z-Coins.`,
    );
    expect(mail.text).toContain('Pack: 60 UC');
    const [stored] = await storedMails(shopper.email);
    // Every value is escaped in the HTML body (the player's name here has angle brackets).
    expect(stored.html_body).toContain('Asha &lt;Rao&gt;');
    expect(stored.html_body).not.toContain('<Rao>');

    await asAdmin(`/api/admin/updateorder/${id}/Refund`).expect(409);
    expect(await storedMails(shopper.email)).toHaveLength(1);
    await expectLedgerConsistent(app);
  });

  it('a UPI order the admin refunds: the money still goes to the Z-Coins wallet', async () => {
    const shopper = await newShopper(app);
    const { orderid } = await placeUpi(app, shopper, bgmi, { input1: '51234567', input2: 'Asha' });
    await app.http().post(`/sandbox/upigateway/orders/${orderid}/pay`).expect(200);
    const paid = await waitFor(
      () => orderEnd(orderid),
      (order) => order.status === 'Processing',
    );
    await asAdmin(`/api/admin/updateorder/${paid.id}/Refunded`).expect(200);

    const mail = await waitForMessage(app.url, shopper.email, (m) => REFUND.test(m.subject!));
    expect(mail.text).toContain('Paid with: UPI');
    expect(mail.text).toContain(`Refunded: ₹${bgmi.price / 100} to your Z-Coins wallet`);
    await expectLedgerConsistent(app);
  });

  it('completing an order twice at once sends one receipt', async () => {
    const { shopper, orderid } = await manualOrder();
    const orders = app.store.app.get(OrderSettlementService);

    const results = await Promise.allSettled([
      orders.complete(STORE_ACTOR, orderid),
      orders.complete(STORE_ACTOR, orderid),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);

    const receipt = await waitForMessage(app.url, shopper.email, (m) => RECEIPT.test(m.subject!));
    expect(receipt.text).toContain('Pack: 60 UC');
    expect(receipt.text).not.toContain('In-game name');
    expect(await storedMails(shopper.email)).toHaveLength(1);
    expect(await delivered(shopper.email)).toHaveLength(1);
    await expectLedgerConsistent(app);
  });

  it('a customer without an e-mail address gets none, and the order still completes', async () => {
    const { shopper, orderid } = await manualOrder();
    await app.sql(`UPDATE users SET email = '' WHERE id = $1`, [shopper.id]);
    const { id } = await orderEnd(orderid);

    await asAdmin(`/api/admin/updateorder/${id}/Completed`).expect(200);

    expect((await orderEnd(orderid)).status).toBe('Completed');
    expect(await storedMails('')).toEqual([]);
    expect(await storedMails(shopper.email)).toEqual([]);
    await expectLedgerConsistent(app);
  });
});
