import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { bearer, insertUser, newMobile, otpFor } from './helpers/accounts.js';
import { nextAddress, postFrom } from './helpers/http.js';

const ONE_MINUTE = 60_000;

describe('Mobile OTP login (/api/otp)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const send = (mobile: string) => app.http().post('/api/otp/otp-login').send({ mobile });
  const timer = (mobile: string) => app.http().post('/api/otp/timer').send({ mobile });
  const verify = (mobile: string, otp: string) =>
    app.http().post('/api/otp/verify-otp').send({ mobile, otp });
  const smsCount = async (mobile: string) => {
    const response = await app.http().get('/api/sandbox/outbox').query({ to: mobile }).expect(200);
    return (response.body as Array<{ channel: string }>).filter((m) => m.channel === 'sms').length;
  };

  it('answers 404 with success false for a number that has no account, and texts nothing', async () => {
    const mobile = newMobile();
    const response = await send(mobile).expect(404);
    expect(response.body).toMatchObject({ success: false, message: Messages.mobileNotRegistered });
    expect(await smsCount(mobile)).toBe(0);
  });

  it.each([[''], ['90000'], ['900000000'], ['90000000012'], ['90000abcde']])(
    'refuses the malformed number %p',
    async (mobile) => {
      const response = await send(mobile).expect(400);
      expect(response.body).toMatchObject({ success: false, message: Messages.invalidMobile });
    },
  );

  it('refuses a request without a number', async () => {
    const response = await app.http().post('/api/otp/otp-login').send({}).expect(400);
    expect(response.body).toMatchObject({ success: false, message: Messages.invalidMobile });
  });

  it('sends a code, reports the resend timer, and signs in with the code', async () => {
    // OTP login does not need the e-mail to be verified.
    const user = await insertUser(app, { verified: false });
    const sent = await send(user.mobile).expect(200);
    expect(sent.body).toEqual({ success: true, message: Messages.otpSentMobile });
    const otp = await otpFor(app, user.mobile);
    expect(otp).toMatch(/^\d{4}$/);

    const first = await timer(user.mobile).expect(200);
    expect(first.body.success).toBe(true);
    expect(first.body.timer).toBeGreaterThan(0);
    expect(first.body.timer).toBeLessThanOrEqual(ONE_MINUTE);

    app.clock.advance(ONE_MINUTE);
    const later = await timer(user.mobile).expect(200);
    expect(later.body).toMatchObject({ success: true, timer: 0 });

    const signedIn = await verify(user.mobile, otp).expect(200);
    expect(signedIn.body).toMatchObject({
      success: true,
      message: Messages.otpVerifiedLogin,
      token: expect.any(String),
      user: { _id: user.id, userid: user.userid, mobilenumber: user.mobile, role: 'user' },
    });
    const role = await app
      .http()
      .post('/api/auth/validateuser')
      .set(bearer(signedIn.body.token))
      .send({ requiredRoles: ['user', 'reseller', 'admin'] })
      .expect(200);
    expect(role.body).toEqual({ role: 'user' });
  });

  it('reports a timer of 0 for a number that was never sent a code', async () => {
    const user = await insertUser(app);
    const response = await timer(user.mobile).expect(200);
    expect(response.body).toMatchObject({ success: true, timer: 0 });
  });

  it('refuses a wrong code and a code that was already used', async () => {
    const user = await insertUser(app);
    await send(user.mobile).expect(200);
    const otp = await otpFor(app, user.mobile);
    const wrong = otp === '0000' ? '1111' : '0000';

    const refused = await verify(user.mobile, wrong).expect(400);
    expect(refused.body).toMatchObject({ success: false, message: Messages.otpInvalid });
    expect(refused.body.token).toBeUndefined();

    await verify(user.mobile, otp).expect(200);
    const reused = await verify(user.mobile, otp).expect(400);
    expect(reused.body).toMatchObject({ success: false, message: Messages.otpExpired });
    expect(reused.body.token).toBeUndefined();
  });

  it.each([['123'], ['12345'], ['12a4'], ['']])('refuses the malformed code %p', async (otp) => {
    const user = await insertUser(app);
    const response = await verify(user.mobile, otp).expect(400);
    expect(response.body).toMatchObject({ success: false, message: Messages.invalidOtp });
  });

  it('refuses a code after its 5 minutes', async () => {
    const user = await insertUser(app);
    await send(user.mobile).expect(200);
    const otp = await otpFor(app, user.mobile);
    app.clock.advance(5 * ONE_MINUTE + 1000);
    const response = await verify(user.mobile, otp).expect(400);
    expect(response.body).toMatchObject({ success: false, message: Messages.otpExpired });
  });

  it('does not send to or sign in a blocked account', async () => {
    const user = await insertUser(app);
    await send(user.mobile).expect(200);
    const otp = await otpFor(app, user.mobile);
    await app.sql('UPDATE users SET is_blocked = true WHERE id = $1', [user.id]);

    const signIn = await verify(user.mobile, otp).expect(403);
    expect(signIn.body).toMatchObject({ success: false, message: Messages.blocked });
    app.clock.advance(ONE_MINUTE + 1000);
    const again = await send(user.mobile).expect(403);
    expect(again.body).toMatchObject({ success: false, message: Messages.blocked });
    expect(await smsCount(user.mobile)).toBe(1);
  });

  describe('limits, at their defaults', () => {
    it('refuses a resend within the 60 s cooldown with 429 and the wait', async () => {
      const user = await insertUser(app);
      await send(user.mobile).expect(200);
      const response = await send(user.mobile).expect(429);
      expect(response.body).toMatchObject({ success: false, message: Messages.otpResendWait });
      expect(response.body.timer).toBeGreaterThan(0);
      expect(response.body.timer).toBeLessThanOrEqual(ONE_MINUTE);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(await smsCount(user.mobile)).toBe(1);
    });

    it('sends at most 5 codes an hour to one number; the 6th is 429', async () => {
      const user = await insertUser(app);
      for (let i = 0; i < 5; i++) {
        if (i > 0) app.clock.advance(ONE_MINUTE + 1000);
        const response = await postFrom(app.url, '127.0.0.21', '/api/otp/otp-login', {
          mobile: user.mobile,
        });
        expect(response.status).toBe(200);
      }
      app.clock.advance(ONE_MINUTE + 1000);
      const sixth = await postFrom(app.url, '127.0.0.21', '/api/otp/otp-login', {
        mobile: user.mobile,
      });
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ success: false, message: Messages.tooManyRequests });
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      // Another address does not lift the number's limit.
      const elsewhere = await postFrom(app.url, '127.0.0.22', '/api/otp/otp-login', {
        mobile: user.mobile,
      });
      expect(elsewhere.status).toBe(429);
      expect(await smsCount(user.mobile)).toBe(5);
    });

    it('sends at most 20 codes an hour from one address; the 21st is 429', async () => {
      const users = [];
      for (let i = 0; i < 21; i++) users.push(await insertUser(app));
      for (const user of users.slice(0, 20)) {
        const response = await postFrom(app.url, '127.0.0.23', '/api/otp/otp-login', {
          mobile: user.mobile,
        });
        expect(response.status).toBe(200);
      }
      const last = users[20];
      const refused = await postFrom(app.url, '127.0.0.23', '/api/otp/otp-login', {
        mobile: last.mobile,
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, message: Messages.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await smsCount(last.mobile)).toBe(0);
      // The limit is per address: another one may still send to that number.
      const other = await postFrom(app.url, '127.0.0.24', '/api/otp/otp-login', {
        mobile: last.mobile,
      });
      expect(other.status).toBe(200);
    });

    it('checks at most 10 codes a minute from one address; the 11th is 429 even when right', async () => {
      const user = await insertUser(app);
      const from = nextAddress();
      const verifyFrom = (otp: string) =>
        postFrom(app.url, from, '/api/otp/verify-otp', { mobile: user.mobile, otp });
      await postFrom(app.url, from, '/api/otp/otp-login', { mobile: user.mobile });
      const otp = await otpFor(app, user.mobile);
      const wrong = otp === '0000' ? '1111' : '0000';
      for (let i = 1; i <= 10; i++) {
        const response = await verifyFrom(wrong);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(
          i <= 5 ? Messages.otpInvalid : Messages.otpTooManyAttempts,
        );
      }
      const eleventh = await verifyFrom(otp);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toMatchObject({ success: false, message: Messages.tooManyRequests });
      expect(eleventh.body.token).toBeUndefined();
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('numbers with no account count like any other', () => {
    const sendFrom = (from: string, mobile: string) =>
      postFrom(app.url, from, '/api/otp/otp-login', { mobile });
    const verifyFrom = (from: string, mobile: string, otp = '1234') =>
      postFrom(app.url, from, '/api/otp/verify-otp', { mobile, otp });

    it('counts unknown numbers against the address: the 21st send request is 429, found or not', async () => {
      const from = nextAddress();
      for (let i = 0; i < 20; i++) {
        expect((await sendFrom(from, newMobile())).status).toBe(404);
      }
      const user = await insertUser(app);
      const refused = await sendFrom(from, user.mobile);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, message: Messages.tooManyRequests });
      expect((await sendFrom(from, newMobile())).status).toBe(429);
      expect(await smsCount(user.mobile)).toBe(0);
    });

    it('counts unknown numbers against the address: the 11th code check in a minute is 429', async () => {
      const from = nextAddress();
      for (let i = 0; i < 10; i++) {
        expect((await verifyFrom(from, newMobile())).status).toBe(404);
      }
      const refused = await verifyFrom(from, newMobile());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, message: Messages.tooManyRequests });
    });

    it('counts every attempt on one number, from any address', async () => {
      const mobile = newMobile();
      for (let i = 0; i < 5; i++) expect((await sendFrom(nextAddress(), mobile)).status).toBe(404);
      expect((await sendFrom(nextAddress(), mobile)).status).toBe(429);
      for (let i = 0; i < 10; i++) {
        expect((await verifyFrom(nextAddress(), mobile)).status).toBe(404);
      }
      expect((await verifyFrom(nextAddress(), mobile)).status).toBe(429);
    });
  });

  describe("strangers' wrong codes", () => {
    it("neither kill the owner's code nor hold back the owner's right code", async () => {
      const user = await insertUser(app);
      const owner = nextAddress();
      const sent = await postFrom(app.url, owner, '/api/otp/otp-login', { mobile: user.mobile });
      expect(sent.status).toBe(200);
      const otp = await otpFor(app, user.mobile);

      // Twelve wrong guesses from as many addresses, then the right code from yet another.
      for (let i = 1; i <= 12; i++) {
        const guess = String((Number(otp) + i) % 10_000).padStart(4, '0');
        const answer = await postFrom(app.url, nextAddress(), '/api/otp/verify-otp', {
          mobile: user.mobile,
          otp: guess,
        });
        expect([400, 429]).toContain(answer.status);
      }
      // Strangers get no more tries at this code, not even the right one.
      const stranger = await postFrom(app.url, nextAddress(), '/api/otp/verify-otp', {
        mobile: user.mobile,
        otp,
      });
      expect([400, 429]).toContain(stranger.status);
      expect(stranger.body.token).toBeUndefined();

      // The owner, who asked for the code, still signs in with it.
      const signedIn = await postFrom(app.url, owner, '/api/otp/verify-otp', {
        mobile: user.mobile,
        otp,
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ success: true, token: expect.any(String) });
    });
  });
});
