import request from 'supertest';
import { Messages } from '@zstore/contract/messages';
import { GOOGLE_FAILED } from '../../server/src/modules/auth/google-login.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  bearer,
  createAccount,
  insertUser,
  newAccount,
  otpFor,
  registerAccount,
  SEEDED,
  signIn as signInFrom,
  type SessionUser,
} from './helpers/accounts.js';
import { googleSignIn } from './helpers/google.js';
import { cookieHeader } from './helpers/http.js';
import { leaksIn } from './helpers/secrets.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('Login, sessions and profile (/api/auth, /api/user)', () => {
  // Default limits: every sign-in below comes from its own loopback address, so only the
  // rate-limit tests, which choose their addresses, meet the per-address limit.
  let app: TestApp;
  let user: { token: string; user: SessionUser };
  let admin: { token: string; user: SessionUser };
  beforeAll(async () => {
    app = await startTestApp();
    user = (await signIn(SEEDED.user.email, SEEDED.user.password)).body;
    admin = (await signIn(SEEDED.admin.email, SEEDED.admin.password)).body;
  });
  afterAll(() => app.close());

  const signIn = (email: string, password: string, from?: string) =>
    signInFrom(app, email, password, from);
  const validate = (token: string | undefined, requiredRoles?: string[]) => {
    const call = app.http().post('/api/auth/validateuser');
    if (token) call.set(bearer(token));
    return call.send(requiredRoles ? { requiredRoles } : {});
  };

  describe('POST /api/auth/login', () => {
    it('answers a token and the user with string flags and no password hash', async () => {
      const response = await signIn(SEEDED.user.email, SEEDED.user.password);
      expect(response.status).toBe(200);
      expect(response.body.msg).toBeUndefined();
      expect(response.body.token.split('.')).toHaveLength(3);
      expect(response.body.user).toEqual({
        _id: expect.stringMatching(UUID),
        userid: expect.any(Number),
        name: expect.any(String),
        email: SEEDED.user.email,
        mobilenumber: SEEDED.user.mobile,
        role: 'user',
        verified: 'true',
        isBlocked: 'false',
        state: null,
        gstin: null,
        language: 'en',
        createdAt: expect.any(String),
      });
      expect(leaksIn(response.body, app.config)).toEqual([]);
      const [row] = await app.sql<{ id: string; userid: string }>(
        'SELECT id, userid FROM users WHERE email = $1',
        [SEEDED.user.email],
      );
      expect(response.body.user).toMatchObject({ _id: row.id, userid: Number(row.userid) });
    });

    it('answers each seeded role', async () => {
      expect(admin.user.role).toBe('admin');
      const reseller = await signIn(SEEDED.reseller.email, SEEDED.reseller.password);
      expect(reseller.status).toBe(200);
      expect(reseller.body.user).toMatchObject({
        role: 'reseller',
        mobilenumber: SEEDED.reseller.mobile,
      });
    });

    it('matches the e-mail whatever its case and surrounding spaces', async () => {
      const response = await signIn('  USER@Example.COM ', SEEDED.user.password);
      expect(response.status).toBe(200);
      expect(response.body.user._id).toBe(user.user._id);
    });

    it('answers 404 for an unknown e-mail', async () => {
      const response = await signIn('nobody.here@example.com', 'whatever password');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({
        msg: Messages.userNotFound,
        message: Messages.userNotFound,
      });
      expect(response.body.token).toBeUndefined();
    });

    it('answers 401 for a wrong password', async () => {
      const response = await signIn(SEEDED.user.email, 'User@123456');
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({
        msg: Messages.wrongPassword,
        message: Messages.wrongPassword,
      });
      expect(response.body.token).toBeUndefined();
    });

    it('refuses a blocked user with 403, and their existing token stops working', async () => {
      const account = await createAccount(app);
      const session = await signIn(account.email, account.password);
      expect(session.status).toBe(200);
      await validate(session.body.token).expect(200);

      await app.sql('UPDATE users SET is_blocked = true WHERE id = $1', [account.id]);
      const blocked = await signIn(account.email, account.password);
      expect(blocked.status).toBe(403);
      expect(blocked.body).toMatchObject({ msg: Messages.blocked, message: Messages.blocked });
      expect(blocked.body.token).toBeUndefined();
      const wrong = await signIn(account.email, 'not their password');
      expect(wrong.status).toBe(401);

      const old = await validate(session.body.token).expect(403);
      expect(old.body.message).toBe(Messages.blocked);
      await app
        .http()
        .get(`/api/user/myorder/${session.body.user.userid}`)
        .set(bearer(session.body.token))
        .expect(403);
    });
  });

  describe('POST /api/auth/validateuser', () => {
    it('answers the role when it is among the required ones', async () => {
      const response = await validate(user.token, ['user', 'reseller', 'admin']).expect(200);
      expect(response.body).toEqual({ role: 'user' });
      expect((await validate(admin.token, ['admin']).expect(200)).body).toEqual({ role: 'admin' });
      expect((await validate(user.token).expect(200)).body).toEqual({ role: 'user' });
    });

    it('answers 403 for a role outside the required ones', async () => {
      const response = await validate(user.token, ['admin']).expect(403);
      expect(response.body).toMatchObject({ msg: Messages.forbidden, code: 'FORBIDDEN' });
      expect(response.body.role).toBeUndefined();
    });

    it('answers 401 without a token, and the expired message for a bad one', async () => {
      const none = await validate(undefined, ['user']).expect(401);
      expect(none.body).toMatchObject({
        msg: Messages.unauthorized,
        message: Messages.unauthorized,
      });
      const bad = await validate('not.a.token', ['user']).expect(401);
      expect(bad.body).toMatchObject({
        msg: Messages.tokenExpired,
        message: Messages.tokenExpired,
      });
    });
  });

  describe('login rate limit (10 a minute per address, and per account from one address)', () => {
    it('answers the 11th attempt in a minute from one address with 429 and Retry-After', async () => {
      const from = '127.0.0.31';
      for (let i = 0; i < 10; i++) {
        const response = await signIn(`nobody.${i}@example.com`, 'some password', from);
        expect(response.status).toBe(404);
      }
      const eleventh = await signIn(SEEDED.reseller.email, SEEDED.reseller.password, from);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toMatchObject({
        msg: Messages.tooManyRequests,
        message: Messages.tooManyRequests,
      });
      expect(eleventh.body.token).toBeUndefined();
      const retryAfter = Number(eleventh.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The same account from another address is not held back.
      expect((await signIn(SEEDED.reseller.email, SEEDED.reseller.password)).status).toBe(200);
    });

    it('answers the 11th attempt in a minute on one account from one address with 429, and lets the owner in from elsewhere', async () => {
      const account = await createAccount(app);
      const stranger = '127.0.0.32';
      for (let i = 0; i < 10; i++) {
        const response = await signIn(account.email, `wrong password ${i}`, stranger);
        expect(response.status).toBe(401);
      }
      const eleventh = await signIn(account.email, account.password, stranger);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.msg).toBe(Messages.tooManyRequests);
      expect(eleventh.body.token).toBeUndefined();
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signIn(account.email, account.password)).status).toBe(200);
    });
  });

  describe('POST /api/user/edit-profile', () => {
    const edit = (token: string, body: Record<string, unknown>) =>
      app.http().post('/api/user/edit-profile').set(bearer(token)).send(body);

    it('renames the caller and answers the spec message with the updated user', async () => {
      const account = await createAccount(app);
      const session = (await signIn(account.email, account.password)).body;
      const response = await edit(session.token, {
        userid: session.user.userid,
        name: '  Renamed Gamer ',
      }).expect(200);
      expect(response.body).toEqual({
        message: Messages.profileUpdated,
        user: { ...session.user, name: 'Renamed Gamer' },
      });
      const again = await signIn(account.email, account.password);
      expect(again.body.user.name).toBe('Renamed Gamer');
    });

    it("answers 404 for another user's userid and changes nothing", async () => {
      const other = await insertUser(app, { name: 'Untouched Player' });
      const response = await edit(user.token, { userid: other.userid, name: 'Hijacked' }).expect(
        404,
      );
      expect(response.body).toMatchObject({ message: Messages.notFound, code: 'NOT_FOUND' });
      const [row] = await app.sql<{ name: string }>('SELECT name FROM users WHERE id = $1', [
        other.id,
      ]);
      expect(row.name).toBe('Untouched Player');
      // Not even an admin renames someone else through this call.
      await edit(admin.token, { userid: other.userid, name: 'Hijacked' }).expect(404);
    });

    it.each([[''], ['   '], [undefined]])(
      'answers "Name is required." for the name %p',
      async (name) => {
        const response = await edit(user.token, { userid: user.user.userid, name }).expect(400);
        expect(response.body).toMatchObject({ message: Messages.nameRequired });
      },
    );

    it('answers 401 without a token', async () => {
      await app
        .http()
        .post('/api/user/edit-profile')
        .send({ userid: user.user.userid, name: 'Anonymous' })
        .expect(401);
    });
  });

  describe('GET /api/user/myorder/{userid}', () => {
    const stats = (token: string | undefined, userid: number) => {
      const call = app.http().get(`/api/user/myorder/${userid}`);
      return token ? call.set(bearer(token)) : call;
    };

    it('answers zeros for the caller, who has no orders yet', async () => {
      const response = await stats(user.token, user.user.userid).expect(200);
      expect(response.body).toEqual({ total_order: 0, completed: 0, refunded: 0 });
    });

    it("answers 404 for another user's id", async () => {
      const response = await stats(user.token, admin.user.userid).expect(404);
      expect(response.body).toMatchObject({ message: Messages.notFound });
    });

    it("lets an admin read any user's, and answers 404 for an id nobody has", async () => {
      const response = await stats(admin.token, user.user.userid).expect(200);
      expect(response.body).toEqual({ total_order: 0, completed: 0, refunded: 0 });
      await stats(admin.token, 99_999_999).expect(404);
    });

    it('answers 401 without a token', async () => {
      await stats(undefined, user.user.userid).expect(401);
    });
  });

  describe('Google sign-in through the sandbox', () => {
    const redeem = (cookies: Record<string, string>) =>
      request(app.url).get('/api/auth/login/success').set('Cookie', cookieHeader(cookies));

    it('creates a verified account, hands the session over once, then answers 401', async () => {
      const email = 'gamer.google@example.com';
      const signedIn = await googleSignIn(app.url, email);
      expect(signedIn.landing).toBe('/home?success=true');
      expect(signedIn.cookies.zs_login).toEqual(expect.any(String));

      const first = await redeem(signedIn.cookies).expect(200);
      expect(first.body.token).toEqual(expect.any(String));
      expect(first.body.user).toMatchObject({
        email,
        name: 'Google Gamer',
        role: 'user',
        verified: 'true',
        isBlocked: 'false',
        mobilenumber: null,
      });
      expect(leaksIn(first.body, app.config)).toEqual([]);
      expect((await validate(first.body.token, ['user']).expect(200)).body).toEqual({
        role: 'user',
      });

      const second = await redeem(signedIn.cookies).expect(401);
      expect(second.body).toMatchObject({ msg: GOOGLE_FAILED, message: GOOGLE_FAILED });
      expect(second.body.token).toBeUndefined();

      // The account is keyed on Google's subject: signing in again finds the same one.
      const again = await googleSignIn(app.url, email);
      const session = await redeem(again.cookies).expect(200);
      expect(session.body.user._id).toBe(first.body.user._id);
      const rows = await app.sql('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
      expect(rows).toHaveLength(1);
    });

    it('answers 401 without the login cookie', async () => {
      const response = await request(app.url).get('/api/auth/login/success').expect(401);
      expect(response.body.msg).toBe(GOOGLE_FAILED);
    });

    it('does not sign in a Google account whose e-mail Google has not verified', async () => {
      const signedIn = await googleSignIn(app.url, 'unverified.google@example.com');
      expect(signedIn.landing).toBe('/home?success=false&reason=unverified');
      expect(signedIn.cookies.zs_login).toBeFalsy();
      await redeem(signedIn.cookies).expect(401);
      const rows = await app.sql('SELECT 1 FROM users WHERE email = $1', [
        'unverified.google@example.com',
      ]);
      expect(rows).toHaveLength(0);
    });

    it('links an existing password account only because Google verified the e-mail', async () => {
      const linked = await googleSignIn(app.url, SEEDED.user.email);
      expect(linked.landing).toBe('/home?success=true');
      const session = await redeem(linked.cookies).expect(200);
      expect(session.body.user).toMatchObject({ _id: user.user._id, userid: user.user.userid });
      const password = await signIn(SEEDED.user.email, SEEDED.user.password);
      expect(password.status).toBe(200);

      // The same situation with an address Google has not verified links nothing.
      const existing = await insertUser(app, { email: 'unverified.google@example.com' });
      const refused = await googleSignIn(app.url, 'unverified.google@example.com');
      expect(refused.landing).toBe('/home?success=false&reason=unverified');
      expect(refused.cookies.zs_login).toBeFalsy();
      const [row] = await app.sql<{ google_sub: string | null }>(
        'SELECT google_sub FROM users WHERE id = $1',
        [existing.id],
      );
      expect(row.google_sub).toBeNull();
    });

    it("takes an unverified account back from whoever opened it in the e-mail owner's name", async () => {
      // Someone registers the owner's address with their own mobile and password; the code
      // goes to their phone and the e-mail stays unverified.
      const squatter = newAccount({ email: `owner.${Date.now()}@gmail.com` });
      await registerAccount(app, squatter);
      await app
        .http()
        .post('/api/otp/otp-login')
        .send({ mobile: squatter.mobileNumber })
        .expect(200);
      const code = await otpFor(app, squatter.mobileNumber);
      const squatterSession = await app
        .http()
        .post('/api/otp/verify-otp')
        .send({ mobile: squatter.mobileNumber, otp: code })
        .expect(200);
      await validate(squatterSession.body.token).expect(200);

      // The owner of the address signs in with Google: the account becomes theirs alone.
      const owner = await googleSignIn(app.url, squatter.email);
      expect(owner.landing).toBe('/home?success=true');
      const session = await redeem(owner.cookies).expect(200);
      expect(session.body.user).toMatchObject({
        email: squatter.email,
        verified: 'true',
        mobilenumber: null,
      });
      await validate(session.body.token).expect(200);

      // The squatter's session, password and mobile no longer open it.
      await validate(squatterSession.body.token).expect(401);
      const password = await signIn(squatter.email, squatter.password);
      expect(password.status).toBe(401);
      expect(password.body.token).toBeUndefined();
      await app
        .http()
        .post('/api/otp/otp-login')
        .send({ mobile: squatter.mobileNumber })
        .expect(404);
    });

    it('refuses a callback whose state does not match the one it started with', async () => {
      const signedIn = await googleSignIn(app.url, 'gamer.google@example.com', {
        state: 'forged-state',
      });
      expect(signedIn.landing).toBe('/home?success=false&reason=failed');
      expect(signedIn.cookies.zs_login).toBeFalsy();
    });
  });
});
