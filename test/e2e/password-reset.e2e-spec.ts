import pg from 'pg';
import { Messages } from '@zstore/contract/messages';
import { QueueName } from '../../server/src/jobs/job.enum.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { queueDrained } from '../utils/queues.js';
import { linkIn, waitForMessage } from '../utils/outbox.js';
import {
  bearer,
  createAccount,
  insertUser,
  newAccount,
  registerAccount,
  SEEDED,
  signIn,
} from './helpers/accounts.js';
import { nextAddress, postFrom } from './helpers/http.js';

const MINUTE = 60_000;

describe('Password reset (/api/password)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Every reset below comes from one address; abuse-limits tests the default.
    app = await startTestApp({ RATE_LIMIT_PASSWORD_RESET_SUBMIT: '100/3600' });
  });
  afterAll(() => app.close());

  const forget = (email: unknown) =>
    app.http().post('/api/password/forgetpassword').send({ email });
  const reset = (id: string, token: string, password: unknown) =>
    app.http().post(`/api/password/reset-password/${id}/${token}`).send({ password });
  const mailsTo = async (email: string) =>
    (
      await app.sql<{ count: number }>(
        'SELECT count(*)::int AS count FROM outgoing_mail WHERE lower(recipient) = lower($1)',
        [email],
      )
    )[0].count;

  /** The newest reset link e-mailed to `email`, as `{ id, token }`. */
  const resetLink = async (email: string, skip: string[] = []) => {
    const message = await waitForMessage(
      app.url,
      email,
      (m) => m.channel === 'email' && /reset/i.test(m.subject ?? '') && !skip.includes(m.text),
    );
    const [, kind, id, token] = linkIn(message.text).pathname.split('/');
    expect(kind).toBe('reset_password');
    return { id, token, text: message.text };
  };

  it('answers the same for a known and an unknown e-mail, and mails a link only to the known one', async () => {
    const account = await createAccount(app);
    const unknown = newAccount().email;

    const known = await forget(account.email).expect(200);
    const stranger = await forget(unknown).expect(200);
    expect(known.body).toEqual({ msg: Messages.resetLinkSent });
    expect(stranger.body).toEqual(known.body);

    const link = await resetLink(account.email);
    expect(link.id).toBe(account.id);
    await queueDrained(app.config.redisPrefix, QueueName.Mail);
    expect(await mailsTo(unknown)).toBe(0);
    const outbox = await app.http().get('/api/sandbox/outbox').query({ to: unknown }).expect(200);
    expect(outbox.body).toEqual([]);
  });

  it.each([['not-an-email'], ['a@b'], ['user@'], [''], [undefined]])(
    'answers "Please enter a valid email address" for %p',
    async (email) => {
      const response = await forget(email).expect(400);
      expect(response.body).toMatchObject({
        msg: Messages.invalidEmail,
        message: Messages.invalidEmail,
      });
    },
  );

  it('sets the new password with the link, ends old sessions, and uses the link up', async () => {
    const account = await createAccount(app);
    const session = await signIn(app, account.email, account.password);
    expect(session.status).toBe(200);
    await app.http().post('/api/auth/validateuser').set(bearer(session.body.token)).expect(200);

    await forget(account.email).expect(200);
    const link = await resetLink(account.email);
    const newPassword = 'a brand new secret 77';
    const done = await reset(link.id, link.token, newPassword).expect(200);
    expect(done.body).toEqual({ msg: Messages.passwordResetDone, code: '0' });

    expect((await signIn(app, account.email, account.password)).status).toBe(401);
    expect((await signIn(app, account.email, newPassword)).status).toBe(200);

    const old = await app
      .http()
      .post('/api/auth/validateuser')
      .set(bearer(session.body.token))
      .expect(401);
    expect(old.body).toMatchObject({ msg: Messages.tokenExpired, message: Messages.tokenExpired });

    const again = await reset(link.id, link.token, 'yet another secret 88').expect(400);
    expect(again.body).toMatchObject({
      msg: Messages.linkCorrupted,
      message: Messages.linkCorrupted,
      code: '1',
    });
    expect((await signIn(app, account.email, newPassword)).status).toBe(200);
  });

  it('answers "The link is corrupted." once the link is older than 30 minutes', async () => {
    const account = await createAccount(app);
    await forget(account.email).expect(200);
    const link = await resetLink(account.email);
    app.clock.advance(30 * MINUTE + 1000);
    const response = await reset(link.id, link.token, 'a brand new secret 77').expect(400);
    expect(response.body).toMatchObject({ msg: Messages.linkCorrupted, code: '1' });
    expect((await signIn(app, account.email, account.password)).status).toBe(200);
  });

  it('answers "The link is corrupted." for forged links', async () => {
    const account = await createAccount(app);
    await forget(account.email).expect(200);
    const link = await resetLink(account.email);
    const [other] = await app.sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      SEEDED.user.email,
    ]);
    const forged = [
      [link.id, `${link.token.slice(0, -2)}xx`],
      [other.id, link.token],
      ['not-a-user-id', link.token],
    ];
    for (const [id, token] of forged) {
      const response = await reset(id, token, 'a brand new secret 77').expect(400);
      expect(response.body).toMatchObject({ msg: Messages.linkCorrupted, code: '1' });
    }
    // A verification link is not a reset link.
    const verify = await waitForMessage(app.url, account.email, (m) =>
      /verify/i.test(m.subject ?? ''),
    );
    const [, , id, token] = linkIn(verify.text).pathname.split('/');
    await reset(id, token, 'a brand new secret 77').expect(400);

    expect((await signIn(app, account.email, account.password)).status).toBe(200);
    expect((await signIn(app, SEEDED.user.email, SEEDED.user.password)).status).toBe(200);
  });

  it.each([
    ['a common password', 'qwerty123', Messages.passwordTooCommon],
    ['a short password', 'short7', Messages.passwordTooShort],
    ['a password over 128 characters', 'x'.repeat(129), Messages.passwordTooLong],
  ])('refuses %s with code 1 and keeps the link usable', async (_, password, message) => {
    const account = await createAccount(app);
    await forget(account.email).expect(200);
    const link = await resetLink(account.email);
    const refused = await reset(link.id, link.token, password).expect(400);
    expect(refused.body).toMatchObject({ msg: message, message, code: '1' });
    expect((await signIn(app, account.email, password)).status).not.toBe(200);

    await reset(link.id, link.token, 'a brand new secret 77').expect(200);
    expect((await signIn(app, account.email, 'a brand new secret 77')).status).toBe(200);
  });

  it('verifies the e-mail of an account that resets its password through the link', async () => {
    const account = newAccount();
    await registerAccount(app, account);
    expect((await signIn(app, account.email, account.password)).status).toBe(403);
    await forget(account.email).expect(200);
    const link = await resetLink(account.email);
    await reset(link.id, link.token, 'a brand new secret 77').expect(200);
    expect((await signIn(app, account.email, 'a brand new secret 77')).status).toBe(200);
  });

  it('mails nothing to a blocked account but answers the same', async () => {
    const account = await createAccount(app);
    await app.sql('UPDATE users SET is_blocked = true WHERE id = $1', [account.id]);
    const before = await mailsTo(account.email);
    const response = await forget(account.email).expect(200);
    expect(response.body).toEqual({ msg: Messages.resetLinkSent });
    await queueDrained(app.config.redisPrefix, QueueName.Mail);
    expect(await mailsTo(account.email)).toBe(before);
  });

  it('sends at most 5 links an hour for one e-mail; the 6th request is 429', async () => {
    const account = await createAccount(app);
    for (let i = 0; i < 5; i++) {
      const response = await postFrom(
        app.url,
        `127.0.0.${41 + i}`,
        '/api/password/forgetpassword',
        {
          email: account.email,
        },
      );
      expect(response.status).toBe(200);
    }
    const sixth = await postFrom(app.url, '127.0.0.46', '/api/password/forgetpassword', {
      email: account.email,
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ msg: Messages.tooManyRequests, code: 'RATE_LIMITED' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Only the verification mail and the five links, once the queued requests have run.
    await queueDrained(app.config.redisPrefix, QueueName.Mail);
    expect(await mailsTo(account.email)).toBe(6);
  });
  describe('says nothing through its timing about whether an account exists', () => {
    const forgetFrom = async (email: string) => {
      const started = process.hrtime.bigint();
      const response = await postFrom(app.url, nextAddress(), '/api/password/forgetpassword', {
        email,
      });
      expect(response.status).toBe(200);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return (
        (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) /
        2
      );
    };

    it('answers before the link is made: a stalled link does not hold the answer, and still arrives', async () => {
      const account = await insertUser(app);
      // The fault at its exact point: nobody can write a link until the lock is let go.
      const locker = new pg.Client({ connectionString: app.databaseUrl });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE email_tokens IN EXCLUSIVE MODE');
        const answer = await Promise.race([
          forget(account.email).then((response) => response.status),
          new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
        ]);
        expect(answer).toBe(200);
      } finally {
        await locker.query('COMMIT');
        await locker.end();
      }
      const link = await resetLink(account.email);
      expect(link.id).toBe(account.id);
    });

    it('takes as long for a known e-mail as for an unknown one (medians of 60 each)', async () => {
      const known = await Promise.all(Array.from({ length: 60 }, () => insertUser(app)));
      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      for (const account of known) {
        knownMs.push(await forgetFrom(account.email));
        unknownMs.push(await forgetFrom(newAccount().email));
      }
      const [k, u] = [median(knownMs), median(unknownMs)];
      // Generous: scheduling noise on a busy machine, far below the extra work a known e-mail
      // once cost (a link written and a mail recorded and queued before the answer).
      expect(Math.abs(k - u)).toBeLessThan(10 + 0.25 * Math.min(k, u));
      await queueDrained(app.config.redisPrefix, QueueName.Mail);
      expect(await mailsTo(known[0].email)).toBe(1);
    });
  });
});
