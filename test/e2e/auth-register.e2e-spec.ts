import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { latestOtp } from '../utils/outbox.js';
import {
  bearer,
  newAccount,
  otpFor,
  registerAccount,
  SEEDED,
  verificationLink,
  type AccountInput,
} from './helpers/accounts.js';

const ONE_MINUTE = 60_000;

describe('Registration and e-mail verification (/api/auth)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      RATE_LIMIT_REGISTER: '1000/3600',
      RATE_LIMIT_LOGIN: '1000/60',
      RATE_LIMIT_OTP_SEND_IP: '1000/3600',
    });
  });
  afterAll(() => app.close());

  const register = (body: Partial<AccountInput> | Record<string, unknown>) =>
    app.http().post('/api/auth/register').send(body);
  const verifyAndRegister = (body: Record<string, unknown>) =>
    app.http().post('/api/auth/verifyandregister').send(body);
  const verifyMail = (id: string, token: string) =>
    app.http().post(`/api/auth/verifymail/${id}/${token}`).send({ id, token });
  const login = (email: string, password: string) =>
    app.http().post('/api/auth/login').send({ email, password });

  const usersWithEmail = async (email: string) =>
    app.sql<{ id: string; name: string; verified: boolean; role: string; mobilenumber: string }>(
      'SELECT id, name, verified, role, mobilenumber FROM users WHERE lower(email) = lower($1)',
      [email],
    );
  const mailsTo = async (email: string) =>
    (
      await app.sql<{ count: number }>(
        'SELECT count(*)::int AS count FROM outgoing_mail WHERE recipient = $1',
        [email],
      )
    )[0].count;
  const smsTo = async (mobile: string) => {
    const response = await app.http().get('/api/sandbox/outbox').query({ to: mobile }).expect(200);
    return (response.body as Array<{ channel: string }>).filter((m) => m.channel === 'sms').length;
  };

  describe('look-alike e-mail addresses', () => {
    const LOOK_ALIKE = /mixes letters from different alphabets/;

    it.each([
      ['us\u0435r@example.com', 'a Cyrillic е in the name'],
      ['user@exampl\u0435.com', 'a Cyrillic е in the domain'],
      ['us\u200ber@example.com', 'an invisible character'],
    ])('refuses %s (%s) with a plain message and a code, and texts nothing', async (email) => {
      const account = newAccount({ email });
      const response = await register(account).expect(400);
      expect(response.body).toMatchObject({
        code: 'EMAIL_LOOK_ALIKE',
        msg: expect.stringMatching(LOOK_ALIKE),
      });
      expect(await smsTo(account.mobileNumber)).toBe(0);
      expect(await usersWithEmail(email)).toHaveLength(0);
    });

    it('reads a full-width address as the one it stands for, for signing up and signing in', async () => {
      const fullWidth = `\uff55${SEEDED.user.email.slice(1)}`.replace('example', '\uff45xample');
      const taken = await register(newAccount({ email: fullWidth })).expect(409);
      expect(taken.body).toMatchObject({ code: 'EMAIL_TAKEN', msg: Messages.emailTaken });
      const signedIn = await login(`  ${fullWidth.toUpperCase()} `, SEEDED.user.password).expect(
        200,
      );
      expect(signedIn.body.user.email).toBe(SEEDED.user.email);
    });

    it('refuses a look-alike address set by an admin', async () => {
      const admin = await login(SEEDED.admin.email, SEEDED.admin.password).expect(200);
      const [user] = await usersWithEmail(SEEDED.reseller.email);
      const edited = await app
        .http()
        .put(`/api/admin/rest/users/${user.id}`)
        .set(bearer(admin.body.token))
        .send({ email: 'res\u0435ller@example.com' })
        .expect(400);
      expect(edited.body).toMatchObject({
        code: 'EMAIL_LOOK_ALIKE',
        message: expect.stringMatching(LOOK_ALIKE),
      });
      const fullWidth = await app
        .http()
        .put(`/api/admin/rest/users/${user.id}`)
        .set(bearer(admin.body.token))
        .send({ email: `\uff32${SEEDED.reseller.email.slice(1)}` })
        .expect(200);
      expect(fullWidth.body.email).toBe(SEEDED.reseller.email);
    });
  });

  it('registers with an SMS code, verifies the e-mail by its link, then logs in', async () => {
    const account = newAccount();
    const requested = await register(account).expect(200);
    expect(requested.body).toEqual({ msg: Messages.otpSentVerifyAccount });

    const otp = await latestOtp(app.url, account.mobileNumber);
    expect(otp).toMatch(/^\d{4}$/);
    const verified = await verifyAndRegister({ ...account, otp }).expect(201);
    expect(verified.body).toEqual({ msg: Messages.mobileVerified });

    const [user] = await usersWithEmail(account.email);
    expect(user).toMatchObject({
      name: account.name,
      role: 'user',
      verified: false,
      mobilenumber: account.mobileNumber,
    });
    const pending = await app.sql('SELECT 1 FROM pending_registrations WHERE mobilenumber = $1', [
      account.mobileNumber,
    ]);
    expect(pending).toHaveLength(0);

    const link = await verificationLink(app, account.email);
    expect(link.id).toBe(user.id);
    const confirmed = await verifyMail(link.id, link.token).expect(200);
    expect(confirmed.body).toEqual({ msg: Messages.emailVerified, code: '0' });

    const session = await login(account.email, account.password).expect(200);
    expect(session.body.msg).toBeUndefined();
    expect(session.body.token).toEqual(expect.any(String));
    expect(session.body.user).toMatchObject({
      _id: user.id,
      email: account.email,
      name: account.name,
      mobilenumber: account.mobileNumber,
      role: 'user',
      verified: 'true',
      isBlocked: 'false',
    });
  });

  it('creates the account with the values sent with the code', async () => {
    const account = newAccount();
    await register(account).expect(200);
    const otp = await latestOtp(app.url, account.mobileNumber);
    const changed = { ...account, name: 'Renamed Player', password: 'a different secret 42' };
    await verifyAndRegister({ ...changed, otp }).expect(201);

    const [user] = await usersWithEmail(account.email);
    expect(user.name).toBe('Renamed Player');
    const link = await verificationLink(app, account.email);
    await verifyMail(link.id, link.token).expect(200);
    await login(account.email, account.password).expect(401);
    await login(account.email, changed.password).expect(200);
  });

  it('refuses a verification whose e-mail differs from the registration request', async () => {
    const account = newAccount();
    await register(account).expect(200);
    const otp = await latestOtp(app.url, account.mobileNumber);
    const response = await verifyAndRegister({
      ...account,
      email: newAccount().email,
      otp,
    }).expect(400);
    expect(response.body.msg).toBe(Messages.registrationMismatch);
    expect(await usersWithEmail(account.email)).toHaveLength(0);
  });

  describe('registration request', () => {
    it.each(['name', 'mobileNumber', 'email', 'password'] as const)(
      'answers "Please fill in all fields." without %s',
      async (field) => {
        const account = newAccount();
        const missing = await register({ ...account, [field]: undefined }).expect(400);
        expect(missing.body).toMatchObject({
          msg: Messages.fillAllFields,
          message: Messages.fillAllFields,
        });
        const empty = await register({ ...account, [field]: '' }).expect(400);
        expect(empty.body.msg).toBe(Messages.fillAllFields);
        expect(await smsTo(account.mobileNumber)).toBe(0);
      },
    );

    it.each([['12345'], ['900000000'], ['90000000012'], ['98765abcde']])(
      'refuses the mobile number %p',
      async (mobileNumber) => {
        const response = await register(newAccount({ mobileNumber })).expect(400);
        expect(response.body).toMatchObject({
          msg: Messages.invalidMobile,
          message: Messages.invalidMobile,
        });
      },
    );

    it('refuses an e-mail that already has an account, in any case (409)', async () => {
      const account = newAccount({ email: SEEDED.user.email.toUpperCase() });
      const response = await register(account).expect(409);
      expect(response.body).toMatchObject({
        msg: Messages.emailTaken,
        message: Messages.emailTaken,
      });
      expect(await smsTo(account.mobileNumber)).toBe(0);
    });

    it('refuses a mobile number that already has an account (409)', async () => {
      const response = await register(newAccount({ mobileNumber: SEEDED.user.mobile })).expect(409);
      expect(response.body).toMatchObject({
        msg: Messages.mobileTaken,
        message: Messages.mobileTaken,
      });
    });

    it('refuses a resend within the 60 s cooldown with 429, then sends a new code', async () => {
      const account = newAccount();
      await register(account).expect(200);
      const first = await latestOtp(app.url, account.mobileNumber);

      const early = await register({ ...account, name: 'Someone Else' }).expect(429);
      expect(early.body).toMatchObject({ msg: Messages.otpResendWait });
      expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
      expect(await smsTo(account.mobileNumber)).toBe(1);
      // The refused request changed nothing of the pending registration.
      const [pending] = await app.sql<{ name: string }>(
        'SELECT name FROM pending_registrations WHERE mobilenumber = $1',
        [account.mobileNumber],
      );
      expect(pending.name).toBe(account.name);

      app.clock.advance(ONE_MINUTE + 1000);
      await register(account).expect(200);
      expect(await smsTo(account.mobileNumber)).toBe(2);
      const second = await otpFor(app, account.mobileNumber, first);
      if (second !== first) {
        // The new code replaces the old one.
        const old = await verifyAndRegister({ ...account, otp: first }).expect(400);
        expect(old.body.msg).toBe(Messages.otpInvalid);
      }
      await verifyAndRegister({ ...account, otp: second }).expect(201);
    });
  });

  describe('verification by code', () => {
    it.each([
      ['no code', { otp: undefined }],
      ['an empty code', { otp: '' }],
      ['no mobile number', { mobileNumber: undefined }],
      ['an empty mobile number', { mobileNumber: '' }],
    ])('answers "Please enter the OTP and Mobile Number." for %s', async (_, change) => {
      const account = newAccount();
      const response = await verifyAndRegister({ ...account, otp: '1234', ...change }).expect(400);
      expect(response.body).toMatchObject({
        msg: Messages.otpAndMobileRequired,
        message: Messages.otpAndMobileRequired,
      });
    });

    it('refuses a wrong code and creates no account', async () => {
      const account = newAccount();
      await register(account).expect(200);
      const otp = await latestOtp(app.url, account.mobileNumber);
      const wrong = otp === '0000' ? '1111' : '0000';
      const response = await verifyAndRegister({ ...account, otp: wrong }).expect(400);
      expect(response.body.msg).toBe(Messages.otpInvalid);
      expect(await usersWithEmail(account.email)).toHaveLength(0);
    });

    it('refuses a code after its 5 minutes', async () => {
      const account = newAccount();
      await register(account).expect(200);
      const otp = await latestOtp(app.url, account.mobileNumber);
      app.clock.advance(5 * ONE_MINUTE + 1000);
      const response = await verifyAndRegister({ ...account, otp }).expect(400);
      expect(response.body).toMatchObject({
        msg: Messages.otpExpired,
        message: Messages.otpExpired,
      });
      expect(await usersWithEmail(account.email)).toHaveLength(0);
    });

    it('refuses even the right code after 5 wrong tries', async () => {
      const account = newAccount();
      await register(account).expect(200);
      const otp = await latestOtp(app.url, account.mobileNumber);
      const wrong = otp === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i++) {
        const response = await verifyAndRegister({ ...account, otp: wrong }).expect(400);
        expect(response.body.msg).toBe(Messages.otpInvalid);
      }
      const sixth = await verifyAndRegister({ ...account, otp }).expect(400);
      expect(sixth.body.msg).toBe(Messages.otpTooManyAttempts);
      expect(await usersWithEmail(account.email)).toHaveLength(0);
    });

    it('does not accept a used code again', async () => {
      const account = newAccount();
      await register(account).expect(200);
      const otp = await latestOtp(app.url, account.mobileNumber);
      await verifyAndRegister({ ...account, otp }).expect(201);
      const again = await verifyAndRegister({ ...account, otp }).expect(400);
      expect(again.body.msg).toBe(Messages.otpExpired);
      expect(await usersWithEmail(account.email)).toHaveLength(1);
    });
  });

  describe('unverified e-mail', () => {
    it('answers the unverified message (403, no token) and sends a fresh link at most once a minute', async () => {
      const account = newAccount();
      await registerAccount(app, account);
      const first = await verificationLink(app, account.email);
      expect(await mailsTo(account.email)).toBe(1);

      // The registration's own link went out less than a minute ago: no second one yet.
      const early = await login(account.email, account.password).expect(403);
      expect(early.body).toMatchObject({
        msg: Messages.emailNotVerified,
        message: Messages.emailNotVerified,
      });
      expect(early.body.token).toBeUndefined();
      expect(await mailsTo(account.email)).toBe(1);

      app.clock.advance(ONE_MINUTE + 1000);
      const later = await login(account.email, account.password).expect(403);
      expect(later.body.msg).toBe(Messages.emailNotVerified);
      expect(await mailsTo(account.email)).toBe(2);
      await login(account.email, account.password).expect(403);
      expect(await mailsTo(account.email)).toBe(2);

      const fresh = await verificationLink(app, account.email, [first.text]);
      expect(fresh.token).not.toBe(first.token);
      const confirmed = await verifyMail(fresh.id, fresh.token).expect(200);
      expect(confirmed.body.code).toBe('0');
      await login(account.email, account.password).expect(200);
    });

    it('answers a wrong password before anything about verification', async () => {
      const account = newAccount();
      await registerAccount(app, account);
      const response = await login(account.email, 'not the password at all').expect(401);
      expect(response.body.msg).toBe(Messages.wrongPassword);
    });
  });

  describe('verification link', () => {
    const expectInvalid = (body: Record<string, unknown>) =>
      expect(body).toMatchObject({
        msg: Messages.verificationInvalid,
        message: Messages.verificationInvalid,
        code: '1',
      });

    it('says the address is already verified when the link is used a second time', async () => {
      const account = newAccount();
      await registerAccount(app, account);
      const link = await verificationLink(app, account.email);
      await verifyMail(link.id, link.token).expect(200);
      expect((await verifyMail(link.id, link.token).expect(200)).body).toMatchObject({
        msg: Messages.emailAlreadyVerified,
        code: '0',
      });
    });

    it('answers code 1 for forged links and leaves the account unverified', async () => {
      const account = newAccount();
      await registerAccount(app, account);
      const link = await verificationLink(app, account.email);
      const [other] = await usersWithEmail(SEEDED.reseller.email);

      expectInvalid((await verifyMail(link.id, `${link.token.slice(0, -2)}xx`).expect(400)).body);
      expectInvalid((await verifyMail(other.id, link.token).expect(400)).body);
      expectInvalid((await verifyMail('not-a-user-id', link.token).expect(400)).body);
      expectInvalid((await verifyMail(link.id, 'abc').expect(400)).body);
      const [user] = await usersWithEmail(account.email);
      expect(user.verified).toBe(false);
    });

    it('answers code 1 once the link is older than 24 hours', async () => {
      const account = newAccount();
      await registerAccount(app, account);
      const link = await verificationLink(app, account.email);
      app.clock.advance(24 * 3600_000 + 1000);
      expectInvalid((await verifyMail(link.id, link.token).expect(400)).body);
    });
  });
});
