import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../utils/app.js';
import { ledgerProblems } from '../utils/ledger.js';
import { waitForMessage } from '../utils/outbox.js';
import { pdfText } from '../utils/pdf-text.js';
import { readUntil } from '../utils/wait.js';
import { TokenService } from '../../server/src/modules/auth/token.service.js';
import {
  createAccount,
  newAccount,
  newMobile,
  otpFor,
  registerAccount,
  signIn,
  verifyEmail,
} from './helpers/accounts.js';
import { nextAddress, postFrom } from './helpers/http.js';
import { newShopper, testItem, type CatalogEntry, type Shopper } from './money.helpers.js';

interface GuestContact {
  email: string;
  mobile: string;
  state: string;
}

let sequence = 0;
const newGuest = (): GuestContact => {
  sequence += 1;
  return {
    email: `guest.${randomUUID().slice(0, 8)}.${sequence}@example.com`,
    mobile: newMobile(),
    state: '27',
  };
};

describe('Guest checkout (POST /api/order/guest)', () => {
  let app: TestApp;
  let pack: CatalogEntry;
  let admin: Shopper;
  beforeAll(async () => {
    app = await startTestApp({
      RATE_LIMIT_GUEST_ORDER_IP: '3/3600',
      RATE_LIMIT_GUEST_ORDER_MOBILE: '2/3600',
    });
    pack = await testItem(app, 10_000);
    admin = await newShopper(app, { role: 'admin' });
  });
  afterAll(() => app.close());

  const body = (guest: GuestContact, extra: Record<string, unknown> = {}) => ({
    itemid: pack.itemid,
    item_id: pack.itemId,
    product_id: pack.productId,
    input1: '12345678',
    input2: 'Hero',
    ...guest,
    ...extra,
  });
  /** Each call from an address of its own unless `from` is given, so only the tests of the limits meet them. */
  const placeGuest = (
    guest: GuestContact,
    options: { extra?: Record<string, unknown>; key?: string; from?: string } = {},
  ) =>
    postFrom(
      app.url,
      options.from ?? nextAddress(),
      '/api/order/guest',
      body(guest, options.extra),
      options.key ? { 'Idempotency-Key': options.key } : {},
    );
  const lookup = (orderid: string, mobile: string) =>
    postFrom(app.url, nextAddress(), '/api/order/guest/lookup', { orderid, mobile });
  const orderRow = async (orderid: string) =>
    (
      await app.sql<{
        id: string;
        userid: string;
        guest: boolean;
        status: string;
        discount: string;
      }>('SELECT id, userid, guest, status, discount FROM orders WHERE orderid = $1', [orderid])
    )[0];
  const pay = (orderid: string) =>
    app.http().post(`/sandbox/upigateway/orders/${orderid}/pay`).expect(200);
  const paidOrder = async (guest: GuestContact) => {
    const placed = await placeGuest(guest);
    expect(placed.status).toBe(200);
    const orderid = placed.body.data.orderid as string;
    await pay(orderid);
    await readUntil(
      () => orderRow(orderid),
      (row) => row.status === 'Processing',
    );
    return orderid;
  };

  it('places a UPI order without a token and answers like createOrder', async () => {
    const guest = newGuest();
    const placed = await placeGuest(guest);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({
      status: true,
      data: {
        orderid: expect.stringMatching(/^ZS/),
        payment_url: expect.any(String),
        upi_intent: expect.objectContaining({ bhim_link: expect.stringContaining('upi://pay') }),
      },
    });
    const orderid = placed.body.data.orderid as string;
    const row = await orderRow(orderid);
    expect(row.guest).toBe(true);
    const [buyer] = await app.sql<{ guest: boolean; email: string; state_code: string }>(
      'SELECT guest, email, state_code FROM users WHERE userid = $1',
      [row.userid],
    );
    expect(buyer).toEqual({ guest: true, email: guest.email, state_code: '27' });

    // The same guest again: the same guest row, a new order.
    const again = await placeGuest(guest);
    expect((await orderRow(again.body.data.orderid as string)).userid).toBe(row.userid);
  });

  it('never signs a guest in: the e-mail and mobile stay free for an account', async () => {
    const guest = newGuest();
    await paidOrder(guest);
    const otp = await postFrom(app.url, nextAddress(), '/api/otp/otp-login', {
      mobile: guest.mobile,
    });
    expect(otp.status).toBe(404);
    const login = await signIn(app, guest.email, 'anything at all 1');
    expect(login.status).toBe(404);
    // Even a token naming the guest row (it is never issued one) opens nothing.
    const [row] = await app.sql<{ id: string; userid: string }>(
      'SELECT id, userid FROM users WHERE guest AND mobilenumber = $1',
      [guest.mobile],
    );
    const token = await app.store.app
      .get(TokenService)
      .issue({ id: row.id, userid: Number(row.userid), role: 'user' as never, tokenVersion: 0 });
    await app
      .http()
      .get(`/api/order/${row.userid}`)
      .set({ Authorization: `Bearer ${token}` })
      .expect(401);
    const account = newAccount({ email: guest.email, mobileNumber: guest.mobile });
    await registerAccount(app, account);
  });

  it('honours the Idempotency-Key: a retry answers the same order', async () => {
    const guest = newGuest();
    const key = randomUUID();
    const first = await placeGuest(guest, { key });
    const retry = await placeGuest(guest, { key });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.data.orderid).toBe(first.body.data.orderid);
    const rows = await app.sql('SELECT 1 FROM orders WHERE useremail = $1', [guest.email]);
    expect(rows).toHaveLength(1);
  });

  it('takes no coupon and no Z-Coins', async () => {
    const guest = newGuest();
    const coupon = await placeGuest(guest, { extra: { couponCode: 'WELCOME10' } });
    expect(coupon.status).toBe(400);
    const wallet = await placeGuest(guest, { extra: { paymentmode: 'wallet' } });
    expect(wallet.status).toBe(400);
    const userid = await placeGuest(guest, { extra: { userid: admin.userid } });
    expect(userid.status).toBe(400);
    expect(await app.sql('SELECT 1 FROM orders WHERE useremail = $1', [guest.email])).toEqual([]);
  });

  it('refuses a missing contact or state', async () => {
    const guest = newGuest();
    for (const missing of ['email', 'mobile', 'state'] as const) {
      const partial = { ...guest, [missing]: undefined };
      const response = await postFrom(app.url, nextAddress(), '/api/order/guest', body(partial));
      expect(response.status).toBe(400);
    }
    const badState = await placeGuest({ ...guest, state: '99' });
    expect(badState.status).toBe(400);
  });

  it('limits the orders per mobile per hour, from every address', async () => {
    const guest = newGuest();
    expect((await placeGuest(guest)).status).toBe(200);
    expect((await placeGuest({ ...guest, email: `other.${guest.email}` })).status).toBe(200);
    const third = await placeGuest(guest);
    expect(third.status).toBe(429);
    // Another number is not held back by this one.
    expect((await placeGuest(newGuest())).status).toBe(200);
  });

  it('limits the orders per address per hour, whatever the mobile', async () => {
    const from = nextAddress();
    for (let order = 0; order < 3; order += 1) {
      expect((await placeGuest(newGuest(), { from })).status).toBe(200);
    }
    expect((await placeGuest(newGuest(), { from })).status).toBe(429);
  });

  it('shows the status to the mobile it was placed with, and to no one else', async () => {
    const guest = newGuest();
    const orderid = await paidOrder(guest);
    const found = await lookup(orderid, guest.mobile);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      order: { orderid, status: 'Processing', guest: true, useremail: guest.email },
      data: { status: expect.any(String) },
    });
    expect((await lookup(orderid, newMobile())).status).toBe(404);
    // A signed-in customer's order is never found by the guest look-up.
    const customer = await newShopper(app);
    const theirs = await app
      .http()
      .post('/api/order/createOrder')
      .set(customer.auth)
      .send({
        ...body(newGuest()),
        userid: customer.userid,
        email: undefined,
        mobile: undefined,
        state: undefined,
      });
    expect(theirs.status).toBe(200);
    const [{ mobilenumber }] = await app.sql<{ mobilenumber: string }>(
      'SELECT mobilenumber FROM users WHERE id = $1',
      [customer.id],
    );
    expect((await lookup(theirs.body.data.orderid as string, mobilenumber)).status).toBe(404);
  });

  it('e-mails the receipt with a link to the invoice, which the mobile downloads', async () => {
    const guest = newGuest();
    const orderid = await paidOrder(guest);
    const { id } = await orderRow(orderid);
    await app.http().get(`/api/admin/updateorder/${id}/Completed`).set(admin.auth).expect(200);
    const receipt = await waitForMessage(app.url, guest.email, (m) => /receipt/i.test(m.subject!));
    expect(receipt.text).toContain(`/order-lookup?orderid=${orderid}`);

    const wrong = await app
      .http()
      .post('/api/order/guest/invoice')
      .send({ orderid, mobile: newMobile() });
    expect(wrong.status).toBe(404);
    const invoice = await app
      .http()
      .post('/api/order/guest/invoice')
      .send({ orderid, mobile: guest.mobile })
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    const text = pdfText(invoice.body as Buffer);
    expect(text).toContain(guest.email);
    expect(text).toContain('Maharashtra');
  });

  it('joins the guest orders to an account only once it proves the mobile', async () => {
    const guest = newGuest();
    const orderid = await paidOrder(guest);
    const guestUserid = (await orderRow(orderid)).userid;

    // Typing the number at registration proves nothing: the orders stay the guest's.
    const account = newAccount({ mobileNumber: guest.mobile });
    await app.http().post('/api/auth/register').send(account).expect(200);
    expect((await orderRow(orderid)).userid).toBe(guestUserid);

    const otp = await otpFor(app, guest.mobile);
    await app
      .http()
      .post('/api/auth/verifyandregister')
      .send({ ...account, otp })
      .expect(201);
    const [user] = await app.sql<{ id: string; userid: string }>(
      'SELECT id, userid FROM users WHERE email = $1 AND NOT guest',
      [account.email],
    );
    const joined = await orderRow(orderid);
    expect(joined).toMatchObject({ userid: user.userid, guest: true });
    const audit = await app.sql<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity_id = $1 AND action = 'guest.joined'",
      [user.id],
    );
    expect(audit).toHaveLength(1);
    // The look-up still finds it by the mobile the account proved.
    expect((await lookup(orderid, guest.mobile)).status).toBe(200);
  });

  it('joins by e-mail only after the e-mail is verified, never on the typed address', async () => {
    const guest = newGuest();
    const orderid = await paidOrder(guest);
    const guestUserid = (await orderRow(orderid)).userid;

    const account = newAccount({ email: guest.email });
    await registerAccount(app, account);
    // The account proved its own mobile, not the guest's; the e-mail is only typed so far.
    expect((await orderRow(orderid)).userid).toBe(guestUserid);
    const unverified = await signIn(app, account.email, account.password);
    expect(unverified.status).toBe(403);
    expect((await orderRow(orderid)).userid).toBe(guestUserid);

    await verifyEmail(app, account.email);
    const [user] = await app.sql<{ userid: string }>(
      'SELECT userid FROM users WHERE lower(email) = lower($1) AND NOT guest',
      [account.email],
    );
    expect((await orderRow(orderid)).userid).toBe(user.userid);
  });

  it('joins at a later sign-in of an account whose e-mail was verified before', async () => {
    const account = await createAccount(app);
    const guest = { ...newGuest(), email: account.email };
    const orderid = await paidOrder(guest);
    const [user] = await app.sql<{ userid: string }>(
      'SELECT userid FROM users WHERE lower(email) = lower($1) AND NOT guest',
      [account.email],
    );
    // Placing the order with the account's address gives it nothing yet.
    expect((await orderRow(orderid)).userid).not.toBe(user.userid);

    const signedIn = await signIn(app, account.email, account.password);
    expect(signedIn.status).toBe(200);
    expect((await orderRow(orderid)).userid).toBe(user.userid);
    const mine = await app
      .http()
      .get(`/api/order/${user.userid}`)
      .set({ Authorization: `Bearer ${signedIn.body.token as string}` })
      .expect(200);
    expect((mine.body as Array<{ orderid: string }>).map((order) => order.orderid)).toContain(
      orderid,
    );
  });

  it('refunds a guest order as Z-Coins kept for the guest, which join the account; the ledger stays whole', async () => {
    const guest = newGuest();
    const orderid = await paidOrder(guest);
    const { id, userid: guestUserid } = await orderRow(orderid);
    await app.http().get(`/api/admin/updateorder/${id}/Refunded`).set(admin.auth).expect(200);

    const mail = await waitForMessage(app.url, guest.email, (m) => /refund/i.test(m.subject!));
    expect(mail.text).toContain(`Refunded: ₹${pack.price / 100} in Z-Coins, kept for you`);
    expect(mail.text).toContain('Register or sign in with the mobile number or e-mail');
    const [held] = await app.sql<{ balance: string }>(
      'SELECT balance FROM users WHERE userid = $1',
      [guestUserid],
    );
    expect(Number(held.balance)).toBe(pack.price);
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);

    const account = newAccount({ mobileNumber: guest.mobile });
    await registerAccount(app, account);
    const balances = await app.sql<{ guest: boolean; balance: string }>(
      `SELECT guest, balance FROM users WHERE userid = $1 OR (email = $2 AND NOT guest) ORDER BY guest`,
      [guestUserid, account.email],
    );
    expect(balances.map((row) => [row.guest, Number(row.balance)])).toEqual([
      [false, pack.price],
      [true, 0],
    ]);
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);
  });

  it('marks guest orders in the console and filters them', async () => {
    const guest = newGuest();
    const placed = await placeGuest(guest);
    const orderid = placed.body.data.orderid as string;
    const all = await app
      .http()
      .get('/api/admin/rest/orders')
      .query({ filter: JSON.stringify({ guest: true }), range: '[0,199]' })
      .set(admin.auth)
      .expect(200);
    const rows = all.body as Array<{ orderid: string; guest: boolean }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.guest)).toBe(true);
    expect(rows.map((row) => row.orderid)).toContain(orderid);
  });
});
