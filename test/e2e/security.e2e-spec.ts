import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { REDIS_URL } from '../utils/env.js';
import { latestOtp } from '../utils/outbox.js';
import {
  bearer,
  createAccount,
  insertUser,
  newAccount,
  otpFor,
  SEEDED,
  signIn,
  type SessionUser,
} from './helpers/accounts.js';
import { leaksIn } from './helpers/secrets.js';

const ARGON2ID_OWASP = '$argon2id$v=19$m=19456,t=2,p=1$';
const MINUTE = 60_000;

type Session = { token: string; user: SessionUser };

describe('Security (RELIABILITY S1, S3, S4, S6, S7)', () => {
  let app: TestApp;
  let user: Session;
  let other: Session;
  let reseller: Session;
  let admin: Session;

  beforeAll(async () => {
    app = await startTestApp({
      RATE_LIMIT_LOGIN: '1000/60',
      RATE_LIMIT_REGISTER: '1000/3600',
      RATE_LIMIT_OTP_SEND_IP: '1000/3600',
      RATE_LIMIT_OTP_SEND_NUMBER: '1000/3600',
      RATE_LIMIT_OTP_VERIFY: '1000/60',
      RATE_LIMIT_PASSWORD_RESET: '1000/3600',
      RATE_LIMIT_PASSWORD_RESET_SUBMIT: '1000/3600',
      RATE_LIMIT_TOPUP: '1000/60',
    });
    const session = async (email: string, password: string) =>
      (await signIn(app, email, password)).body as Session;
    const second = await createAccount(app);
    [user, other, reseller, admin] = await Promise.all([
      session(SEEDED.user.email, SEEDED.user.password),
      session(second.email, second.password),
      session(SEEDED.reseller.email, SEEDED.reseller.password),
      session(SEEDED.admin.email, SEEDED.admin.password),
    ]);
  });
  afterAll(() => app.close());

  const storedHash = async (email: string) =>
    (
      await app.sql<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE lower(email) = lower($1)',
        [email],
      )
    )[0]?.password_hash;

  describe('S1 passwords', () => {
    it('stores Argon2id hashes with the OWASP minimum parameters, for every account', async () => {
      const account = await createAccount(app);
      expect(await storedHash(account.email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const rows = await app.sql<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE password_hash IS NOT NULL',
      );
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const row of rows) expect(row.password_hash.startsWith(ARGON2ID_OWASP)).toBe(true);
    });

    it('hashes the password of a pending registration too', async () => {
      const account = newAccount();
      await app.http().post('/api/auth/register').send(account).expect(200);
      const [pending] = await app.sql<{ password_hash: string }>(
        'SELECT password_hash FROM pending_registrations WHERE mobilenumber = $1',
        [account.mobileNumber],
      );
      expect(pending.password_hash.startsWith(ARGON2ID_OWASP)).toBe(true);
      expect(pending.password_hash).not.toContain(account.password);
    });

    it.each([
      ['8 characters, lower-case letters only', 'qzxwvpty'],
      ['8 digits', '73915046'],
      ['128 characters', 'k'.repeat(64) + 'q'.repeat(64)],
    ])('accepts a password of %s, with no composition rules', async (_, password) => {
      const account = await createAccount(app, { password });
      expect((await signIn(app, account.email, password)).status).toBe(200);
    });

    it('refuses a password of 129 characters', async () => {
      const account = newAccount({ password: 'k'.repeat(129) });
      const response = await app.http().post('/api/auth/register').send(account).expect(400);
      expect(response.body).toMatchObject({ msg: Messages.passwordTooLong });
    });

    it('refuses a password of 7 characters', async () => {
      const account = newAccount({ password: 'qzxwvpt' });
      const response = await app.http().post('/api/auth/register').send(account).expect(400);
      expect(response.body).toMatchObject({ msg: Messages.passwordTooShort });
    });

    // From the commonest down to the list's 10,000th, whatever the case.
    it.each([['password'], ['qwerty123'], ['Football'], ['nebraska'], ['fishcake']])(
      'refuses the common password %p',
      async (password) => {
        const account = newAccount({ password });
        const response = await app.http().post('/api/auth/register').send(account).expect(400);
        expect(response.body.msg).toBe(Messages.passwordTooCommon);
      },
    );

    it('keeps leading and trailing spaces: the password is exactly what was typed', async () => {
      const password = ' spaced pass 1 ';
      const account = await createAccount(app, { password });
      expect((await signIn(app, account.email, password)).status).toBe(200);
      expect((await signIn(app, account.email, password.trim())).status).toBe(401);
      expect((await signIn(app, account.email, `${password} `)).status).toBe(401);
    });
  });

  describe('S3 one-time codes', () => {
    const sendLoginCode = (mobile: string) =>
      app.http().post('/api/otp/otp-login').send({ mobile }).expect(200);
    const verifyLogin = (mobile: string, otp: string) =>
      app.http().post('/api/otp/verify-otp').send({ mobile, otp });

    it('sends 4 digits and stores only a keyed hash of them, in PostgreSQL and Redis', async () => {
      const account = newAccount();
      await app.http().post('/api/auth/register').send(account).expect(200);
      const otp = await latestOtp(app.url, account.mobileNumber);
      expect(otp).toMatch(/^\d{4}$/);

      const rows = await app.sql<Record<string, unknown>>(
        'SELECT * FROM otp_codes WHERE mobilenumber = $1',
        [account.mobileNumber],
      );
      expect(rows).toHaveLength(1);
      for (const value of Object.values(rows[0])) expect(String(value)).not.toBe(otp);
      const hash = String(rows[0].code_hash);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toBe(createHash('sha256').update(otp).digest('hex'));
      expect(hash).not.toBe(
        createHash('sha256').update(`register:${account.mobileNumber}:${otp}`).digest('hex'),
      );

      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${app.config.redisPrefix}:*`);
        for (const key of keys) {
          expect(key.split(':')).not.toContain(otp);
          if ((await redis.type(key)) === 'string') expect(await redis.get(key)).not.toBe(otp);
        }
      } finally {
        redis.disconnect();
      }
    });

    it("does not accept one number's code for another number", async () => {
      const [a, b] = [await insertUser(app), await insertUser(app)];
      await sendLoginCode(a.mobile);
      await sendLoginCode(b.mobile);
      const codeA = await otpFor(app, a.mobile);
      let codeB = await otpFor(app, b.mobile);
      while (codeB === codeA) {
        app.clock.advance(MINUTE + 1000);
        await sendLoginCode(b.mobile);
        codeB = await otpFor(app, b.mobile, codeB);
      }
      const response = await verifyLogin(b.mobile, codeA).expect(400);
      expect(response.body).toMatchObject({ success: false, message: Messages.otpInvalid });
      await verifyLogin(b.mobile, codeB).expect(200);
    });

    it('kills a code after 5 wrong tries, even for the right code', async () => {
      const account = await insertUser(app);
      await sendLoginCode(account.mobile);
      const otp = await otpFor(app, account.mobile);
      const wrong = otp === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i++) await verifyLogin(account.mobile, wrong).expect(400);
      const right = await verifyLogin(account.mobile, otp).expect(400);
      expect(right.body.message).toBe(Messages.otpTooManyAttempts);
      expect(right.body.token).toBeUndefined();
    });

    it('refuses a code 1 s after its 5 minutes, and a used code', async () => {
      const account = await insertUser(app);
      await sendLoginCode(account.mobile);
      const otp = await otpFor(app, account.mobile);
      app.clock.advance(5 * MINUTE - 2000);
      await verifyLogin(account.mobile, otp).expect(200);
      await verifyLogin(account.mobile, otp).expect(400);

      app.clock.advance(MINUTE);
      await sendLoginCode(account.mobile);
      const next = await otpFor(app, account.mobile, otp);
      app.clock.advance(5 * MINUTE + 1000);
      const late = await verifyLogin(account.mobile, next).expect(400);
      expect(late.body.message).toBe(Messages.otpExpired);
    });
  });

  describe('S4 session tokens', () => {
    const secret = () => new TextEncoder().encode(app.config.jwt.secret);
    const claims = (session: Session, tv = 0) => ({ uid: session.user.userid, role: 'user', tv });
    const sign = (
      session: Session,
      options: {
        alg?: string;
        key?: Uint8Array;
        iss?: string;
        aud?: string;
        exp?: number;
        tv?: number;
      } = {},
    ) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims(session, options.tv))
        .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
        .setSubject(session.user._id)
        .setIssuer(options.iss ?? app.config.jwt.issuer)
        .setAudience(options.aud ?? app.config.jwt.audience)
        .setIssuedAt(now - 120)
        .setExpirationTime(options.exp ?? now + 3600)
        .sign(options.key ?? secret());
    };
    const expectRefused = async (token: string) => {
      const auth = await app
        .http()
        .post('/api/auth/validateuser')
        .set(bearer(token))
        .send({ requiredRoles: ['user'] })
        .expect(401);
      expect(auth.body).toMatchObject({
        msg: Messages.tokenExpired,
        message: Messages.tokenExpired,
      });
      const stats = await app
        .http()
        .get(`/api/user/myorder/${other.user.userid}`)
        .set(bearer(token))
        .expect(401);
      expect(stats.body.message).toBe(Messages.tokenExpired);
    };

    it('issues HS256 tokens for 6 hours carrying the user id, role and token version', () => {
      const header = JSON.parse(Buffer.from(other.token.split('.')[0], 'base64url').toString());
      expect(header.alg).toBe('HS256');
      const payload = decodeJwt(other.token);
      expect(payload).toMatchObject({
        sub: other.user._id,
        uid: other.user.userid,
        role: 'user',
        tv: 0,
        iss: app.config.jwt.issuer,
        aud: app.config.jwt.audience,
      });
      expect(payload.exp! - payload.iat!).toBe(6 * 3600);
    });

    it('accepts a token made as the server makes them (the control for the refusals below)', async () => {
      const token = await sign(other);
      const response = await app
        .http()
        .post('/api/auth/validateuser')
        .set(bearer(token))
        .send({ requiredRoles: ['user'] })
        .expect(200);
      expect(response.body).toEqual({ role: 'user' });
    });

    it('refuses alg none', async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = new UnsecuredJWT(claims(other))
        .setSubject(other.user._id)
        .setIssuer(app.config.jwt.issuer)
        .setAudience(app.config.jwt.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .encode();
      await expectRefused(token);
      await expectRefused(token.replace(/\.$/, '.c2lnbmF0dXJl'));
    });

    it('refuses a token signed with another secret', async () => {
      await expectRefused(
        await sign(other, {
          key: new TextEncoder().encode('another-secret-0123456789abcdef-0123'),
        }),
      );
    });

    it('refuses HS384 and HS512 even with the right secret', async () => {
      await expectRefused(await sign(other, { alg: 'HS384' }));
      await expectRefused(await sign(other, { alg: 'HS512' }));
    });

    it('refuses an RS256 token', async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT(claims(other))
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject(other.user._id)
        .setIssuer(app.config.jwt.issuer)
        .setAudience(app.config.jwt.audience)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
      await expectRefused(token);
    });

    it('refuses a wrong issuer or audience', async () => {
      await expectRefused(await sign(other, { iss: 'someone-else' }));
      await expectRefused(await sign(other, { aud: 'another-app' }));
    });

    it('refuses a token expired beyond the 30 s leeway', async () => {
      await expectRefused(await sign(other, { exp: Math.floor(Date.now() / 1000) - 60 }));
    });

    it('refuses a token for a user that does not exist', async () => {
      await expectRefused(await sign({ ...other, user: { ...other.user, _id: randomUUID() } }));
    });

    it("refuses a token whose version is older than the user's", async () => {
      const account = await createAccount(app);
      const session = (await signIn(app, account.email, account.password)).body as Session;
      await app.http().post('/api/auth/validateuser').set(bearer(session.token)).expect(200);
      await app.sql('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [
        account.id,
      ]);
      await expectRefused(session.token);
      await expectRefused(await sign(session, { tv: 0 }));
      const fresh = (await signIn(app, account.email, account.password)).body as Session;
      await app.http().post('/api/auth/validateuser').set(bearer(fresh.token)).expect(200);
    });
  });

  describe('S6 who may call what, over every route the app registers', () => {
    /** What `other` owns, for calls that name it: ids of their wallet top-up and order. */
    interface Owned {
      userid: number;
      txnid: string;
      orderid: string;
    }
    type Rule =
      | { access: 'public' }
      | { access: 'admin' }
      | {
          access: 'signed-in';
          /** Where the route names something that must be the caller's. */
          owner?: 'path' | { body: (owned: Owned) => Record<string, unknown> };
          /** Only this role may call it at all (others get 403 before ownership is asked). */
          role?: 'reseller';
          /** A valid body, so a path-owned route reaches its owner check past validation. */
          sample?: Record<string, unknown>;
        };

    // A hand-fulfilled product and pack from the public catalogue, for order bodies.
    let pack: { product_id: string; item_id: string; itemid: number };
    const order = (userid: number, paymentmode: 'upi' | 'wallet') => ({
      ...pack,
      userid,
      input1: '5123456789',
      input2: 'Sandbox Player',
      paymentmode,
    });

    // Every documented route, with the decision about who may call it. A new route fails the
    // first test below until it is added here.
    const ROUTES: Record<string, Rule> = {
      'POST /api/auth/register': { access: 'public' },
      'POST /api/auth/verifyandregister': { access: 'public' },
      'POST /api/auth/login': { access: 'public' },
      'POST /api/auth/verifymail/{id}/{token}': { access: 'public' },
      'POST /api/auth/validateuser': { access: 'signed-in' },
      'GET /api/auth/google': { access: 'public' },
      'GET /api/auth/google/callback': { access: 'public' },
      'GET /api/auth/login/success': { access: 'public' },
      'POST /api/password/forgetpassword': { access: 'public' },
      'POST /api/password/reset-password/{id}/{token}': { access: 'public' },
      'POST /api/otp/otp-login': { access: 'public' },
      'POST /api/otp/whatsapp-login': { access: 'public' },
      'POST /api/otp/timer': { access: 'public' },
      'POST /api/otp/verify-otp': { access: 'public' },
      'POST /api/user/edit-profile': {
        access: 'signed-in',
        owner: { body: ({ userid }) => ({ userid, name: 'Renamed By Someone' }) },
      },
      'GET /api/user/myorder/{userid}': { access: 'signed-in', owner: 'path' },
      // The caller's own language: no id in the path or body to mistake.
      'PUT /api/user/language': { access: 'signed-in' },
      'GET /api/product/gethomeproducts': { access: 'public' },
      'GET /api/product/allproducts': { access: 'signed-in' },
      'GET /api/product/eachproduct/{id}': { access: 'public' },
      'GET /api/item/{productId}': { access: 'public' },
      'GET /api/gallery/images': { access: 'public' },
      'POST /api/coupon/validatecoupon': { access: 'signed-in' },
      'GET /api/wallet/getbalance/{userid}': { access: 'signed-in', owner: 'path' },
      'GET /api/wallet/gettransactions/{userid}': { access: 'signed-in', owner: 'path' },
      'POST /api/wallet/topup': {
        access: 'signed-in',
        owner: { body: ({ userid }) => ({ value: 50, userid }) },
      },
      'POST /api/wallet/txnstatus': {
        access: 'signed-in',
        owner: { body: ({ txnid }) => ({ client_txn_id: txnid }) },
      },
      'GET /api/points/getbalance/{userid}': { access: 'signed-in', owner: 'path' },
      'POST /api/points/redeempoints': {
        access: 'signed-in',
        owner: { body: ({ userid }) => ({ value: 1, userid }) },
      },
      'POST /api/order/createOrder': {
        access: 'signed-in',
        owner: { body: ({ userid }) => order(userid, 'upi') },
      },
      'POST /api/order/createWalletOrder': {
        access: 'signed-in',
        owner: { body: ({ userid }) => order(userid, 'wallet') },
      },
      'POST /api/order/orderstatus': {
        access: 'signed-in',
        owner: { body: ({ orderid }) => ({ client_txn_id: orderid }) },
      },
      'GET /api/order/{userid}': { access: 'signed-in', owner: 'path' },
      // Guest checkout: no account; the look-ups answer only the mobile the order was placed with.
      'POST /api/order/guest': { access: 'public' },
      'POST /api/order/guest/lookup': { access: 'public' },
      'POST /api/order/guest/invoice': { access: 'public' },
      'GET /api/savedplayers/{userid}': { access: 'signed-in', owner: 'path' },
      'DELETE /api/savedplayers/{userid}/{productId}': { access: 'signed-in', owner: 'path' },
      // The player check before an MLBB order is public, throttled per IP.
      'POST /api/order/checkid': { access: 'public' },
      // Authenticated by the gateway's signature, not by a session.
      'POST /api/payments/upigateway/webhook': { access: 'public' },
      'GET /api/admin/users_data': { access: 'admin' },
      'POST /api/admin/updateuserdata': { access: 'admin' },
      'GET /api/admin/rest/users': { access: 'admin' },
      'GET /api/admin/rest/users/{id}': { access: 'admin' },
      'PUT /api/admin/rest/users/{id}': { access: 'admin' },
      'POST /api/admin/querypoints': { access: 'admin' },
      'GET /api/admin/alerts': { access: 'admin' },
      'POST /api/admin/querypoints/ph': { access: 'admin' },
      'POST /api/admin/orders/{_id}/retry-delivery': { access: 'admin' },
      'POST /api/admin/orders/{_id}/settle-pack': { access: 'admin' },
      'GET /api/admin/orders/{_id}/packs': { access: 'admin' },
      'GET /api/admin/rest/audit-log': { access: 'admin' },
      'GET /api/admin/rest/audit-log/{id}': { access: 'admin' },
      'GET /api/admin/stats': { access: 'admin' },
      'GET /api/admin/processing': { access: 'admin' },
      'GET /api/admin/reports/promises': { access: 'admin' },
      'GET /api/admin/updateorder/{_id}/{newStatus}': { access: 'admin' },
      'GET /api/admin/updateorder/{_id}/{newStatus}/{reason}': { access: 'admin' },
      'GET /api/admin/alltxn': { access: 'admin' },
      'GET /api/admin/rest/orders': { access: 'admin' },
      'GET /api/admin/rest/orders/{id}': { access: 'admin' },
      'POST /api/admin/adduserbalance': { access: 'admin' },
      'GET /api/admin/allwallettxn': { access: 'admin' },
      'GET /api/admin/rest/wallet-transactions': { access: 'admin' },
      'GET /api/admin/rest/wallet-transactions/{id}': { access: 'admin' },
      'POST /api/admin/createproduct': { access: 'admin' },
      'GET /api/admin/getallproducts': { access: 'admin' },
      'POST /api/admin/editproduct/{_id}': { access: 'admin' },
      'POST /api/admin/updateproduct': { access: 'admin' },
      'POST /api/admin/deleteproduct/{productid}': { access: 'admin' },
      'POST /api/admin/createitem': { access: 'admin' },
      'GET /api/admin/getallitems': { access: 'admin' },
      'POST /api/admin/edititem/{itemid}': { access: 'admin' },
      'POST /api/admin/updateitem/{_id}': { access: 'admin' },
      'POST /api/admin/deleteitem/{itemid}': { access: 'admin' },
      'GET /api/admin/rest/products': { access: 'admin' },
      'POST /api/admin/rest/products': { access: 'admin' },
      'GET /api/admin/rest/products/{id}': { access: 'admin' },
      'PUT /api/admin/rest/products/{id}': { access: 'admin' },
      'DELETE /api/admin/rest/products/{id}': { access: 'admin' },
      'GET /api/admin/rest/items': { access: 'admin' },
      'POST /api/admin/rest/items': { access: 'admin' },
      'GET /api/admin/rest/items/{id}': { access: 'admin' },
      'PUT /api/admin/rest/items/{id}': { access: 'admin' },
      'DELETE /api/admin/rest/items/{id}': { access: 'admin' },
      'GET /api/admin/getallcoupon': { access: 'admin' },
      'POST /api/admin/createcoupon': { access: 'admin' },
      'POST /api/admin/editcoupon/{_id}': { access: 'admin' },
      'POST /api/admin/deletecoupon/{_id}': { access: 'admin' },
      'GET /api/admin/rest/coupons': { access: 'admin' },
      'POST /api/admin/rest/coupons': { access: 'admin' },
      'GET /api/admin/rest/coupons/{id}': { access: 'admin' },
      'PUT /api/admin/rest/coupons/{id}': { access: 'admin' },
      'DELETE /api/admin/rest/coupons/{id}': { access: 'admin' },
      'GET /api/admin/imagegallery': { access: 'admin' },
      'POST /api/admin/uploadimage': { access: 'admin' },
      'POST /api/admin/deleteimage/{id}': { access: 'admin' },
      'GET /api/admin/rest/gallery': { access: 'admin' },
      'GET /api/admin/rest/gallery/{id}': { access: 'admin' },
      'DELETE /api/admin/rest/gallery/{id}': { access: 'admin' },
      'GET /api/order/{orderid}/invoice': { access: 'signed-in' },
      'GET /api/order/{orderid}/credit-note': { access: 'signed-in' },
      'GET /api/admin/gst-report': { access: 'admin' },
      'GET /api/referrals/{userid}': { access: 'signed-in', owner: 'path' },
      'GET /api/admin/rest/referrals': { access: 'admin' },
      'POST /api/admin/rest/referrals/{id}/void': { access: 'admin' },
      // The reseller API is authenticated by each request's key signature (RESELLER-API.md),
      // not by a session: without one it answers its own 401.
      'GET /api/reseller/v1/balance': { access: 'public' },
      'GET /api/reseller/v1/products': { access: 'public' },
      'POST /api/reseller/v1/players/check': { access: 'public' },
      'POST /api/reseller/v1/orders': { access: 'public' },
      'GET /api/reseller/v1/orders': { access: 'public' },
      'GET /api/reseller/v1/orders/{reference}': { access: 'public' },
      'GET /api/reseller/v1/statement': { access: 'public' },
      'POST /api/reseller/v1/sandbox/topup': { access: 'public' },
      'POST /api/reseller/v1/orders/bulk': { access: 'public' },
      'GET /api/reseller/v1/batches/{batch_id}': { access: 'public' },
      'GET /api/admin/resellers/{userid}/keys': { access: 'admin' },
      'POST /api/admin/resellers/{userid}/keys': { access: 'admin' },
      'DELETE /api/admin/resellers/{userid}/keys/{keyId}': { access: 'admin' },
      'PATCH /api/admin/resellers/{userid}/keys/{keyId}': { access: 'admin' },
      'GET /api/admin/resellers/{userid}/statement': { access: 'admin' },
      'GET /api/admin/resellers/{userid}/callbacks': { access: 'admin' },
      'POST /api/admin/resellers/{userid}/callbacks/{eventId}/resend': { access: 'admin' },
      'GET /api/resellers/{userid}/keys': { access: 'signed-in', owner: 'path', role: 'reseller' },
      'POST /api/resellers/{userid}/keys': {
        access: 'signed-in',
        owner: 'path',
        role: 'reseller',
        sample: { label: 'Security check', mode: 'test' },
      },
      'DELETE /api/resellers/{userid}/keys/{keyId}': {
        access: 'signed-in',
        owner: 'path',
        role: 'reseller',
      },
      'GET /api/resellers/{userid}/statement': {
        access: 'signed-in',
        owner: 'path',
        role: 'reseller',
      },
      // The signed-in customer's own choice: no id in the path or body to mistake.
      'GET /api/whatsapp/consent': { access: 'signed-in' },
      'PUT /api/whatsapp/consent': { access: 'signed-in' },
      // Meta calls these: public, but the POST is refused without a valid X-Hub-Signature-256
      // and the GET answers only the verify token.
      'GET /api/whatsapp/webhook': { access: 'public' },
      'POST /api/whatsapp/webhook': { access: 'public' },
      'POST /api/resellers/{userid}/batches/check': {
        access: 'signed-in',
        owner: 'path',
        role: 'reseller',
      },
      'POST /api/resellers/{userid}/batches': {
        access: 'signed-in',
        owner: 'path',
        role: 'reseller',
      },
      'GET /api/resellers/{userid}/batches/{batchId}': {
        access: 'signed-in',
        owner: 'path',
        role: 'reseller',
      },
      'PATCH /api/resellers/{userid}/keys/{keyId}': {
        access: 'signed-in',
        owner: 'path',
        role: 'reseller',
      },
      'GET /api/resellers/{userid}/callbacks': {
        access: 'signed-in',
        owner: 'path',
        role: 'reseller',
      },
      'POST /api/resellers/{userid}/callbacks/{eventId}/resend': {
        access: 'signed-in',
        owner: 'path',
        role: 'reseller',
      },
      'GET /api/health': { access: 'public' },
      'GET /api/sandbox/outbox': { access: 'public' },
      'GET /sandbox/outbox': { access: 'public' },
    };

    let documented: string[];
    let owned: Owned;
    beforeAll(async () => {
      const response = await app.http().get('/api/docs-json').expect(200);
      const paths = response.body.paths as Record<string, Record<string, unknown>>;
      documented = Object.entries(paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      );

      const home = await app.http().get('/api/product/gethomeproducts').expect(200);
      const products = Object.values(home.body as Record<string, Array<Record<string, unknown>>>)
        .flat()
        .filter((product) => product.isApi === false);
      if (!products.length) throw new Error('The catalogue has no hand-fulfilled product');
      const items = await app
        .http()
        .get(`/api/item/${String(products[0]._id)}`)
        .expect(200);
      const item = (items.body.items as Array<Record<string, unknown>>).find((i) => i.inStock);
      if (!item) throw new Error('The product has no pack in stock');
      pack = {
        product_id: String(products[0]._id),
        item_id: String(item._id),
        itemid: Number(item.itemid),
      };

      const topup = await app
        .http()
        .post('/api/wallet/topup')
        .set(bearer(other.token))
        .send({ value: 50, userid: other.user.userid })
        .expect(200);
      const placed = await app
        .http()
        .post('/api/order/createOrder')
        .set(bearer(other.token))
        .send(order(other.user.userid, 'upi'))
        .expect(200);
      const key = await app
        .http()
        .post(`/api/resellers/${reseller.user.userid}/keys`)
        .set(bearer(reseller.token))
        .send({ label: 'Security check', mode: 'test' })
        .expect(201);
      resellerKeyId = String(key.body.keyId);
      owned = {
        userid: other.user.userid,
        txnid: topup.body.data.txnid,
        orderid: placed.body.data.orderid,
      };
    });

    const call = (route: string, params: Record<string, string | number>, token?: string) => {
      const [method, template] = route.split(' ');
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? 'x'));
      const http = app.http();
      const request =
        method === 'GET'
          ? http.get(url)
          : method === 'POST'
            ? http.post(url)
            : method === 'PUT'
              ? http.put(url)
              : method === 'PATCH'
                ? http.patch(url)
                : http.delete(url);
      if (token) request.set(bearer(token));
      return request.redirects(0);
    };
    const entries = () => Object.entries(ROUTES);
    let resellerKeyId: string;
    const ownParams = (session: Session) => ({
      userid: session.user.userid,
      id: session.user._id,
      productId: pack.product_id,
      keyId: resellerKeyId,
    });

    it('has a decision for every documented route, and no stale ones', () => {
      expect(documented.length).toBeGreaterThan(0);
      expect(documented.filter((route) => !(route in ROUTES))).toEqual([]);
      expect(Object.keys(ROUTES).filter((route) => !documented.includes(route))).toEqual([]);
      for (const [route, rule] of entries()) {
        if (route.includes('/api/admin/')) {
          expect({ route, access: rule.access }).toEqual({ route, access: 'admin' });
        }
        if (route.includes('{userid}') && !route.includes('/api/admin/')) {
          expect({ route, access: rule.access, owner: 'owner' in rule && rule.owner }).toEqual({
            route,
            access: 'signed-in',
            owner: 'path',
          });
        }
      }
    });

    it('answers 401 without a token on every route that is not public', async () => {
      for (const [route, rule] of entries()) {
        if (rule.access === 'public') continue;
        const response = await call(route, ownParams(user)).send({});
        expect({ route, status: response.status, message: response.body.message }).toEqual({
          route,
          status: 401,
          message:
            route === 'POST /api/coupon/validatecoupon'
              ? Messages.couponLoginRequired
              : Messages.unauthorized,
        });
      }
    });

    it('lets anyone reach the public routes without a token', async () => {
      for (const [route, rule] of entries()) {
        if (rule.access !== 'public') continue;
        const response = await call(route, ownParams(user)).send({});
        const guarded = response.status === 401 && response.body?.message === Messages.unauthorized;
        expect({ route, guarded }).toEqual({ route, guarded: false });
      }
    });

    it('answers 403 to a customer and a reseller on every admin route, and lets the admin in', async () => {
      const adminRoutes = entries().filter(([, rule]) => rule.access === 'admin');
      expect(adminRoutes.length).toBeGreaterThan(0);
      for (const [route] of adminRoutes) {
        for (const session of [user, reseller]) {
          const response = await call(route, ownParams(session), session.token).send({});
          expect({ route, role: session.user.role, status: response.status }).toEqual({
            route,
            role: session.user.role,
            status: 403,
          });
          expect(response.body.message).toBe(Messages.forbidden);
        }
        const response = await call(route, ownParams(user), admin.token).send({});
        expect({ route, status: response.status }).not.toEqual({ route, status: 403 });
        expect(response.status).not.toBe(401);
      }
    });

    it("answers 404 on every route called with another user's userid or records", async () => {
      const routes = entries().filter(([, rule]) => rule.access === 'signed-in' && rule.owner);
      expect(routes.length).toBeGreaterThan(0);
      for (const [route, rule] of routes) {
        if (rule.access !== 'signed-in' || !rule.owner) continue;
        const owner = rule.owner;
        const body = () => (owner === 'path' ? (rule.sample ?? {}) : owner.body(owned));

        // A reseller-only route is asked by a reseller about someone else's records.
        const [caller, holder] = rule.role === 'reseller' ? [reseller, reseller] : [user, other];
        const theirs = await call(route, ownParams(other), caller.token).send(body());
        expect({ route, status: theirs.status }).toEqual({ route, status: 404 });
        expect(theirs.body.message).toBe(Messages.notFound);
        expect(leaksIn(theirs.body, app.config)).toEqual([]);
        expect(JSON.stringify(theirs.body)).not.toContain(other.user.email);

        // The same call by the owner is not refused as someone else's.
        const own = await call(route, ownParams(holder), holder.token).send(body());
        expect({ route, status: own.status }).not.toEqual({ route, status: 404 });
        expect([401, 403]).not.toContain(own.status);
      }
    });
  });

  describe('S7 mass assignment and what responses carry', () => {
    const EXTRA_FIELDS: Record<string, unknown> = {
      role: 'admin',
      isAdmin: true,
      balance: 100_000,
      points: 100_000,
      userId: 1,
      price: 1,
      status: 'Completed',
      used: 0,
    };
    const userRow = async (email: string) =>
      (
        await app.sql<Record<string, unknown>>(
          `SELECT name, role, balance, points, verified, is_blocked, token_version
           FROM users WHERE lower(email) = lower($1)`,
          [email],
        )
      )[0];

    it.each(Object.keys(EXTRA_FIELDS))(
      'refuses register with an extra %s (400), storing nothing',
      async (field) => {
        const account = newAccount();
        const response = await app
          .http()
          .post('/api/auth/register')
          .send({ ...account, [field]: EXTRA_FIELDS[field] })
          .expect(400);
        expect(response.body.code).toBe('VALIDATION');
        const pending = await app.sql(
          'SELECT 1 FROM pending_registrations WHERE mobilenumber = $1',
          [account.mobileNumber],
        );
        expect(pending).toHaveLength(0);
        const sms = await app.http().get('/api/sandbox/outbox').query({ to: account.mobileNumber });
        expect(sms.body).toEqual([]);
      },
    );

    it('refuses verifyandregister with an extra role, and the account made afterwards is a user', async () => {
      const account = newAccount();
      await app.http().post('/api/auth/register').send(account).expect(200);
      const otp = await latestOtp(app.url, account.mobileNumber);
      for (const [field, value] of Object.entries(EXTRA_FIELDS)) {
        const response = await app
          .http()
          .post('/api/auth/verifyandregister')
          .send({ ...account, otp, [field]: value })
          .expect(400);
        expect(response.body.code).toBe('VALIDATION');
      }
      expect(await userRow(account.email)).toBeUndefined();
      await app
        .http()
        .post('/api/auth/verifyandregister')
        .send({ ...account, otp })
        .expect(201);
      expect(await userRow(account.email)).toMatchObject({
        role: 'user',
        balance: '0',
        points: '0',
      });
    });

    it.each(Object.keys(EXTRA_FIELDS))(
      'refuses login with an extra %s (400), giving no token',
      async (field) => {
        const before = await userRow(SEEDED.user.email);
        const response = await app
          .http()
          .post('/api/auth/login')
          .send({
            email: SEEDED.user.email,
            password: SEEDED.user.password,
            [field]: EXTRA_FIELDS[field],
          })
          .expect(400);
        expect(response.body.code).toBe('VALIDATION');
        expect(response.body.token).toBeUndefined();
        expect(await userRow(SEEDED.user.email)).toEqual(before);
      },
    );

    it.each(Object.keys(EXTRA_FIELDS))(
      'refuses edit-profile with an extra %s (400), changing nothing',
      async (field) => {
        const before = await userRow(other.user.email);
        const response = await app
          .http()
          .post('/api/user/edit-profile')
          .set(bearer(other.token))
          .send({
            userid: other.user.userid,
            name: 'Promoted Player',
            [field]: EXTRA_FIELDS[field],
          })
          .expect(400);
        expect(response.body.code).toBe('VALIDATION');
        expect(await userRow(other.user.email)).toEqual(before);
      },
    );

    it('never answers password hashes, code or token hashes, or server secrets', async () => {
      const account = newAccount();
      const bodies: Array<[string, unknown]> = [];
      const keep = (label: string, response: { body: unknown }) =>
        bodies.push([label, response.body]);
      const credentials = { email: SEEDED.user.email, password: SEEDED.user.password };

      keep('register', await app.http().post('/api/auth/register').send(account));
      const otp = await latestOtp(app.url, account.mobileNumber);
      keep(
        'verifyandregister',
        await app
          .http()
          .post('/api/auth/verifyandregister')
          .send({ ...account, otp }),
      );
      keep(
        'unverified login',
        await app
          .http()
          .post('/api/auth/login')
          .send({ email: account.email, password: account.password }),
      );
      keep('login', await app.http().post('/api/auth/login').send(credentials));
      keep(
        'wrong password',
        await app
          .http()
          .post('/api/auth/login')
          .send({ ...credentials, password: 'nope nope' }),
      );
      keep(
        'validateuser',
        await app.http().post('/api/auth/validateuser').set(bearer(user.token)).send({}),
      );
      keep(
        'edit-profile',
        await app
          .http()
          .post('/api/user/edit-profile')
          .set(bearer(user.token))
          .send({ userid: user.user.userid, name: 'Demo User' }),
      );
      keep(
        'myorder',
        await app.http().get(`/api/user/myorder/${user.user.userid}`).set(bearer(user.token)),
      );
      keep(
        'forgetpassword',
        await app.http().post('/api/password/forgetpassword').send({ email: SEEDED.user.email }),
      );
      keep(
        'reset',
        await app
          .http()
          .post('/api/password/reset-password/x/y')
          .send({ password: 'whatever pass 1' }),
      );
      keep(
        'otp send',
        await app.http().post('/api/otp/otp-login').send({ mobile: SEEDED.reseller.mobile }),
      );
      keep(
        'otp timer',
        await app.http().post('/api/otp/timer').send({ mobile: SEEDED.reseller.mobile }),
      );
      const code = await otpFor(app, SEEDED.reseller.mobile);
      keep(
        'otp verify',
        await app
          .http()
          .post('/api/otp/verify-otp')
          .send({ mobile: SEEDED.reseller.mobile, otp: code }),
      );
      keep('admin users', await app.http().get('/api/admin/rest/users').set(bearer(admin.token)));
      keep(
        'admin user',
        await app.http().get(`/api/admin/rest/users/${user.user._id}`).set(bearer(admin.token)),
      );
      keep(
        'admin users_data',
        await app.http().get('/api/admin/users_data').set(bearer(admin.token)),
      );

      expect(bodies.length).toBe(16);
      for (const [label, body] of bodies) {
        expect({ label, leaks: leaksIn(body, app.config) }).toEqual({ label, leaks: [] });
      }
      // The session answers do carry a user, so the check above looked at real user objects.
      expect(JSON.stringify(bodies.find(([label]) => label === 'login')![1])).toContain(
        SEEDED.user.email,
      );
    });
  });
});
