import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../utils/app.js';
import { latestOtp } from '../utils/outbox.js';
import { newAccount, type AccountInput } from './helpers/accounts.js';
import {
  balancesOf,
  credit,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  sessionOf,
  testItem,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';

/** Refer & Earn: a code to share, a reward once for a friend's first order, and its rules. */
describe('refer and earn', () => {
  let app: TestApp;
  let admin: Shopper;
  let pack: CatalogEntry;
  let small: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({
      REFERRAL_REWARD_POINTS: '25',
      REFERRAL_MIN_ORDER_RUPEES: '99',
      REFERRAL_MONTHLY_CAP: '2',
    });
    admin = await sessionOf(app, 'admin@example.com');
    pack = await testItem(app, 19_900);
    small = await testItem(app, 5_000);
  });
  afterAll(() => app.close());

  const device = () => randomBytes(12).toString('base64url');

  interface Summary {
    code: string;
    link: string;
    pending: number;
    earnedPoints: number;
    friends: Array<{ name: string; status: string; points: number }>;
  }
  const codeOf = async (shopper: Shopper): Promise<Summary> =>
    (await app.http().get(`/api/referrals/${shopper.userid}`).set(shopper.auth).expect(200))
      .body as Summary;

  /** Registers through the API as the storefront does, from a browser with `deviceId`. */
  async function registerWith(
    code: string,
    deviceId: string,
    overrides: Partial<AccountInput> = {},
  ) {
    const account = newAccount(overrides);
    await app.http().post('/api/auth/register').send(account).expect(200);
    const otp = await latestOtp(app.url, account.mobileNumber);
    await app
      .http()
      .post('/api/auth/verifyandregister')
      .set('Cookie', `zs_device=${deviceId}`)
      .send({ ...account, otp, referralCode: code })
      .expect(201);
    await app.sql(`UPDATE users SET verified = true WHERE email = $1`, [account.email]);
    const [row] = await app.sql<{ email: string }>(`SELECT email FROM users WHERE email = $1`, [
      account.email,
    ]);
    return sessionOf(app, row.email);
  }

  const referralOf = async (referee: Shopper) =>
    (
      await app.sql<{ status: string; refused_why: string | null; referrer_points: string }>(
        `SELECT r.status, r.refused_why, r.referrer_points FROM referrals r
         JOIN users u ON u.id = r.referee_id WHERE u.userid = $1`,
        [referee.userid],
      )
    )[0];

  async function paidOrder(shopper: Shopper, entry: CatalogEntry) {
    const response = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, entry, { paymentmode: 'wallet' }))
      .expect(200);
    return response.body.orderid as string;
  }

  const topUp = (shopper: Shopper, rupees: number) => credit(app, shopper, rupees * 100);

  const complete = (orderid: string) =>
    app
      .sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [orderid])
      .then(([row]) =>
        app.http().get(`/api/admin/updateorder/${row.id}/Completed`).set(admin.auth),
      );

  it('gives each customer one code and a link, to its owner or an admin only', async () => {
    const shopper = await newShopper(app);
    const first = await codeOf(shopper);
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.link).toMatch(new RegExp(`/register\\?ref=${first.code}$`));
    expect((await codeOf(shopper)).code).toBe(first.code);
    const stranger = await newShopper(app);
    await app.http().get(`/api/referrals/${shopper.userid}`).set(stranger.auth).expect(404);
    await app.http().get(`/api/referrals/${shopper.userid}`).set(admin.auth).expect(200);
  });

  it('rewards both sides once when the friend’s first order at the minimum completes', async () => {
    const referrer = await newShopper(app);
    const { code } = await codeOf(referrer);
    const friend = await registerWith(code, device(), { name: 'Ravi Kumar' });
    expect((await referralOf(friend)).status).toBe('pending');

    await topUp(friend, 500);
    const below = await paidOrder(friend, small);
    await complete(below).then((r) => expect(r.status).toBe(200));
    expect((await referralOf(friend)).status).toBe('pending');

    const [a, b] = [await paidOrder(friend, pack), await paidOrder(friend, pack)];
    const answers = await Promise.all([complete(a), complete(b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);

    expect((await referralOf(friend)).status).toBe('rewarded');
    const referrerPoints = (await balancesOf(app, referrer.userid)).points;
    expect(referrerPoints).toBe(2_500);
    // The friend: 25 points for the referral, plus 1 % of each completed order.
    expect((await balancesOf(app, friend.userid)).points).toBe(2_500 + 50 + 199 + 199);

    const summary = await codeOf(referrer);
    expect(summary).toMatchObject({ pending: 0, earnedPoints: 25 });
    expect(summary.friends).toEqual([
      expect.objectContaining({ name: 'R*** K***', status: 'rewarded', points: 25 }),
    ]);
    await expectLedgerConsistent(app);
  });

  it('refuses a referral from a browser the referrer signed in from, and the same mailbox', async () => {
    const account = newAccount();
    const referrerDevice = device();
    const referrer = await registerWith('', referrerDevice, account);
    const { code } = await codeOf(referrer);
    await app
      .http()
      .post('/api/auth/login')
      .set('Cookie', `zs_device=${referrerDevice}`)
      .send({ email: account.email, password: account.password })
      .expect(200);

    const sameBrowser = await registerWith(code, referrerDevice);
    expect(await referralOf(sameBrowser)).toMatchObject({
      status: 'refused',
      refused_why: 'a browser the referrer signed in from',
    });

    const [local, domain] = account.email.split('@');
    const sameMailbox = await registerWith(code, device(), { email: `${local}+again@${domain}` });
    expect(await referralOf(sameMailbox)).toMatchObject({
      status: 'refused',
      refused_why: 'the same mailbox as the referrer',
    });

    await topUp(sameBrowser, 500);
    await complete(await paidOrder(sameBrowser, pack));
    expect((await balancesOf(app, referrer.userid)).points).toBe(0);
  });

  it('pays a referrer at most the monthly cap, and the friends still earn theirs', async () => {
    const referrer = await newShopper(app);
    const { code } = await codeOf(referrer);
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await registerWith(code, device()));
    for (const friend of friends) await topUp(friend, 500);
    const orders = await Promise.all(friends.map((friend) => paidOrder(friend, pack)));
    await Promise.all(orders.map(complete));
    expect((await balancesOf(app, referrer.userid)).points).toBe(2 * 2_500);
    for (const friend of friends) {
      expect((await balancesOf(app, friend.userid)).points).toBe(2_500 + 199);
    }
    await expectLedgerConsistent(app);
  });

  it('voids a referral: takes back what is held, never below zero, once', async () => {
    const referrer = await newShopper(app);
    const { code } = await codeOf(referrer);
    const friend = await registerWith(code, device());
    await topUp(friend, 500);
    await complete(await paidOrder(friend, pack));
    // The friend redeems their 26 whole points before the admin finds the abuse.
    await app
      .http()
      .post('/api/points/redeempoints')
      .set(friend.auth)
      .send({ value: 26, userid: friend.userid })
      .expect(200);
    const [{ id }] = await app.sql<{ id: string }>(
      `SELECT r.id FROM referrals r JOIN users u ON u.id = r.referee_id WHERE u.userid = $1`,
      [friend.userid],
    );
    const voided = await app
      .http()
      .post(`/api/admin/rest/referrals/${id}/void`)
      .set(admin.auth)
      .send({ reason: 'One person, two accounts' })
      .expect(200);
    // 25 points from the referrer, and the 0.99 the friend still held of their 25.
    expect(voided.body).toEqual({ id, status: 'void', clawedBackPoints: 25.99 });
    expect((await balancesOf(app, referrer.userid)).points).toBe(0);
    expect((await balancesOf(app, friend.userid)).points).toBe(0);
    await app
      .http()
      .post(`/api/admin/rest/referrals/${id}/void`)
      .set(admin.auth)
      .send({ reason: 'again' })
      .expect(200)
      .expect(({ body }) => expect(body.clawedBackPoints).toBe(0));
    await app
      .http()
      .post(`/api/admin/rest/referrals/${id}/void`)
      .set(referrer.auth)
      .send({ reason: 'mine' })
      .expect(403);

    const list = await app
      .http()
      .get('/api/admin/rest/referrals')
      .query({ filter: JSON.stringify({ status: 'void' }) })
      .set(admin.auth)
      .expect(200);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, status: 'void', voidReason: 'One person, two accounts' }),
      ]),
    );
    await expectLedgerConsistent(app);
  });
});
