import { jest } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { Messages } from '@zstore/contract/messages';
import { PasswordService } from '../../server/src/modules/auth/password.service.js';
import { UpiGatewayAdapter } from '../../server/src/providers/upigateway/upigateway.adapter.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { linkIn } from '../utils/outbox.js';
import { createAccount, insertUser, otpFor, signIn } from './helpers/accounts.js';
import { nextAddress, postFrom } from './helpers/http.js';
import { newShopper } from './money.helpers.js';

/** Abuse of public and costly routes, at the default limits (RELIABILITY S12, S13). */
describe('Abuse limits at their defaults', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  const forget = (email: string) =>
    app.http().post('/api/password/forgetpassword').send({ email }).expect(200);
  const resetFrom = (from: string, id: string, token: string, password: string) =>
    postFrom(app.url, from, `/api/password/reset-password/${id}/${token}`, { password });
  /** Asks for `count` reset links and answers them newest first, once all were mailed. */
  const resetLinks = async (email: string, count: number) => {
    for (let i = 0; i < count; i++) await forget(email);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const outbox = await app.http().get('/api/sandbox/outbox').query({ to: email }).expect(200);
      const links = (outbox.body as Array<{ subject: string | null; text: string }>)
        .filter((m) => /reset/i.test(m.subject ?? ''))
        .map((m) => linkIn(m.text).pathname.split('/'))
        .map(([, , id, token]) => ({ id, token }));
      if (links.length >= count || Date.now() > deadline) {
        expect(links).toHaveLength(count);
        return links;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  describe('password reset', () => {
    it('runs no password hashing for a bad or used link', async () => {
      const account = await createAccount(app);
      const [link] = await resetLinks(account.email, 1);
      const hash = jest.spyOn(app.store.app.get(PasswordService), 'hash');
      const from = nextAddress();

      const forged = await resetFrom(
        from,
        link.id,
        `${link.token.slice(0, -2)}xx`,
        'new secret 77a',
      );
      expect(forged.status).toBe(400);
      expect(forged.body).toMatchObject({ msg: Messages.linkCorrupted, code: '1' });
      expect(hash).not.toHaveBeenCalled();

      expect((await resetFrom(from, link.id, link.token, 'new secret 77a')).status).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
      expect((await resetFrom(from, link.id, link.token, 'new secret 88b')).status).toBe(400);
      expect(hash).toHaveBeenCalledTimes(1);
    });

    it('ends every other outstanding link of the account once one is used', async () => {
      const account = await createAccount(app);
      const [second, first] = await resetLinks(account.email, 2);
      expect((await resetFrom(nextAddress(), first.id, first.token, 'new secret 77a')).status).toBe(
        200,
      );
      const late = await resetFrom(nextAddress(), second.id, second.token, 'attacker pass 99');
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ msg: Messages.linkCorrupted, code: '1' });
      expect((await signIn(app, account.email, 'new secret 77a')).status).toBe(200);
    });

    it('limits new-password submissions per address (10 an hour)', async () => {
      const from = nextAddress();
      for (let i = 0; i < 10; i++) {
        const response = await resetFrom(from, randomUUID(), `forged-${i}`, 'new secret 77a');
        expect(response.status).toBe(400);
      }
      const limited = await resetFrom(from, randomUUID(), 'forged-token-x', 'new secret 77a');
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ msg: Messages.tooManyRequests, code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits new-password submissions per account (10 an hour), from any address', async () => {
      const account = await createAccount(app);
      for (let i = 0; i < 10; i++) {
        const response = await resetFrom(nextAddress(), account.id, `forged-${i}`, 'secret 77a!');
        expect(response.status).toBe(400);
      }
      const [link] = await resetLinks(account.email, 1);
      const limited = await resetFrom(nextAddress(), link.id, link.token, 'new secret 77a');
      expect(limited.status).toBe(429);
    });
  });

  describe('login', () => {
    const wrongFromEverywhere = async (email: string, count: number) => {
      for (let i = 0; i < count; i++) {
        expect((await signIn(app, email, `wrong password ${i}`, nextAddress())).status).toBe(401);
      }
    };

    it('lets the owner in after 10 wrong passwords from rotating addresses', async () => {
      const account = await createAccount(app);
      await wrongFromEverywhere(account.email, 10);
      const owner = await signIn(app, account.email, account.password, nextAddress());
      expect(owner.status).toBe(200);
      expect(owner.body.token).toEqual(expect.any(String));
    });

    it('limits one address on one account to 10 a minute, without holding back the owner elsewhere', async () => {
      const account = await createAccount(app);
      const stranger = nextAddress();
      for (let i = 0; i < 10; i++) {
        expect((await signIn(app, account.email, `wrong ${i}`, stranger)).status).toBe(401);
      }
      const eleventh = await signIn(app, account.email, account.password, stranger);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toMatchObject({ msg: Messages.tooManyRequests });
      expect((await signIn(app, account.email, account.password, nextAddress())).status).toBe(200);
    });

    it('lets the owner in at once from an address that signed in before, however busy the account', async () => {
      const account = await createAccount(app);
      const home = nextAddress();
      expect((await signIn(app, account.email, account.password, home)).status).toBe(200);
      await wrongFromEverywhere(account.email, 30);
      // A crowd of strangers fills the account's slowed-down queue well past its 10 s wait.
      const crowd = Array.from({ length: 8 }, (_, i) =>
        signIn(app, account.email, `crowd guess ${i}`, nextAddress()),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const owner = await signIn(app, account.email, account.password, home);
      expect(owner.status).toBe(200);
      expect(owner.body.token).toEqual(expect.any(String));
      expect(Date.now() - started).toBeLessThan(1000);
      const strangers = await Promise.all(crowd);
      expect(strangers.every((s) => s.status === 401 || s.status === 429)).toBe(true);
    });

    it('slows an account down past 30 wrong passwords from all addresses, never locking it', async () => {
      const account = await createAccount(app);
      await wrongFromEverywhere(account.email, 30);
      const started = Date.now();
      const [a, b] = await Promise.all([
        signIn(app, account.email, 'wrong once more', nextAddress()),
        signIn(app, account.email, 'wrong twice more', nextAddress()),
      ]);
      expect([a.status, b.status]).toEqual([401, 401]);
      // Two attempts past the ceiling are evaluated one slot (2 s) apart.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

      const owner = await signIn(app, account.email, account.password, nextAddress());
      expect(owner.status).toBe(200);
      // OTP sign-in stays open meanwhile.
      const [row] = await app.sql<{ mobilenumber: string }>(
        'SELECT mobilenumber FROM users WHERE id = $1',
        [account.id],
      );
      await app.http().post('/api/otp/otp-login').send({ mobile: row.mobilenumber }).expect(200);
      const otp = await otpFor(app, row.mobilenumber);
      await app
        .http()
        .post('/api/otp/verify-otp')
        .send({ mobile: row.mobilenumber, otp })
        .expect(200);
    });
  });

  describe('what costs us', () => {
    it('accepts at most 10 top-ups per user in 10 minutes, each one a gateway order', async () => {
      const shopper = await newShopper(app);
      const createOrder = jest.spyOn(app.store.app.get(UpiGatewayAdapter), 'createOrder');
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          app
            .http()
            .post('/api/wallet/topup')
            .set(shopper.auth)
            .send({ value: 100, userid: shopper.userid }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      // The 10 let through are answered, or on a starved machine told honestly to retry.
      expect(statuses.filter((s) => s !== 429 && s !== 200 && s !== 503)).toEqual([]);
      const limited = answers.find((a) => a.status === 429)!;
      expect(limited.body).toMatchObject({
        message: Messages.tooManyRequests,
        code: 'RATE_LIMITED',
      });
      expect(createOrder).toHaveBeenCalledTimes(10);
    });

    it('checks the gateway at most once per payment in a window, however often the webhook comes', async () => {
      const shopper = await newShopper(app);
      // An open top-up with no payment job of its own, so every check comes from the webhook.
      const txnid = `ZT${randomBytes(7).toString('hex').toUpperCase()}`;
      const [payment] = await app.sql<{ id: string }>(
        `INSERT INTO payments (client_txn_id, purpose, amount, txn_date, expires_at)
         VALUES ($1, 'topup', 10000, '01-01-2026', now() + interval '30 minutes') RETURNING id`,
        [txnid],
      );
      await app.sql(
        `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount, txn_date, payment_id)
         VALUES ($1, $2, $3, $4, 'Credit', 'Created', 'topup', 10000, '01-01-2026', $5)`,
        [txnid, shopper.id, shopper.userid, shopper.email, payment.id],
      );
      const check = jest.spyOn(app.store.app.get(UpiGatewayAdapter), 'checkStatus');
      const webhook = () =>
        app
          .http()
          .post('/api/payments/upigateway/webhook')
          .type('form')
          .send({ client_txn_id: txnid, status: 'success' });
      const answers = await Promise.all(Array.from({ length: 30 }, webhook));
      expect(answers.every((a) => a.status === 200 && a.text === 'OK')).toBe(true);
      // One check now, and one at the end of its window by the first call that came inside it.
      expect(check.mock.calls.filter(([id]) => id === txnid)).toHaveLength(2);
    });

    it('evaluates at most 5 wrong codes, however many arrive at once', async () => {
      const account = await insertUser(app);
      const from = nextAddress();
      await postFrom(app.url, from, '/api/otp/otp-login', { mobile: account.mobile });
      const otp = await otpFor(app, account.mobile);
      const guesses = Array.from({ length: 10 }, (_, i) =>
        String((Number(otp) + 1 + i) % 10_000).padStart(4, '0'),
      );
      const answers = await Promise.all(
        guesses.map((guess) =>
          postFrom(app.url, from, '/api/otp/verify-otp', { mobile: account.mobile, otp: guess }),
        ),
      );
      const evaluated = answers.filter((a) => a.body.message === Messages.otpInvalid).length;
      expect(evaluated).toBe(5);
      expect(answers.filter((a) => a.body.message === Messages.otpTooManyAttempts).length).toBe(5);
      const [row] = await app.sql<{ attempts: number }>(
        'SELECT attempts FROM otp_codes WHERE mobilenumber = $1 ORDER BY created_at DESC LIMIT 1',
        [account.mobile],
      );
      expect(row.attempts).toBe(5);
    });
  });
});
