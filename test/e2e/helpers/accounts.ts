import { randomInt } from 'node:crypto';
import type { TestApp } from '../../utils/app.js';
import { latestOtp, linkIn, waitForMessage } from '../../utils/outbox.js';
import { nextAddress, postFrom } from './http.js';

export const SEEDED = {
  admin: { email: 'admin@example.com', password: 'Admin@12345' },
  user: { email: 'user@example.com', password: 'User@12345', mobile: '9000000001' },
  reseller: { email: 'reseller@example.com', password: 'Reseller@12345', mobile: '9000000002' },
};

/** A 10-digit Indian mobile number no seeded account uses. */
export function newMobile() {
  return `7${randomInt(100_000_000, 1_000_000_000)}`;
}

let sequence = 0;

/** Fresh registration details; pass `overrides` for what a test cares about. */
export function newAccount(overrides: Partial<AccountInput> = {}): AccountInput {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}${randomInt(1000, 9999)}`;
  return {
    name: `Player ${tag}`,
    email: `player.${tag}@example.com`,
    mobileNumber: newMobile(),
    password: `quiet river ${tag}`,
    ...overrides,
  };
}

export interface AccountInput {
  name: string;
  email: string;
  mobileNumber: string;
  password: string;
}

/** The newest code texted to `mobile`, waiting for one that differs from `previous`. */
export async function otpFor(app: TestApp, mobile: string, previous?: string) {
  const message = await waitForMessage(
    app.url,
    mobile,
    (m) => m.channel === 'sms' && (!previous || !m.text.endsWith(previous)),
  );
  return /(\d{4})/.exec(message.text)![1];
}

/** Register -> SMS code -> verifyandregister; the account exists with its e-mail unverified. */
export async function registerAccount(app: TestApp, account: AccountInput) {
  await app.http().post('/api/auth/register').send(account).expect(200);
  const otp = await latestOtp(app.url, account.mobileNumber);
  await app
    .http()
    .post('/api/auth/verifyandregister')
    .send({ ...account, otp })
    .expect(201);
}

/** The newest verification link e-mailed to `email`, as `{ id, token }`. */
export async function verificationLink(app: TestApp, email: string, skip: string[] = []) {
  const message = await waitForMessage(
    app.url,
    email,
    (m) => m.channel === 'email' && /verify/i.test(m.subject ?? '') && !skip.includes(m.text),
  );
  const [, kind, id, token] = linkIn(message.text).pathname.split('/');
  if (kind !== 'verification') throw new Error(`Not a verification link: ${message.text}`);
  return { id, token, text: message.text };
}

/** Opens the verification link e-mailed to `email`. */
export async function verifyEmail(app: TestApp, email: string) {
  const link = await verificationLink(app, email);
  await app.http().post(`/api/auth/verifymail/${link.id}/${link.token}`).send({}).expect(200);
  return link.id;
}

/** A registered account with its e-mail verified through its link, not yet signed in. */
export async function createAccount(app: TestApp, overrides: Partial<AccountInput> = {}) {
  const account = newAccount(overrides);
  await registerAccount(app, account);
  const id = await verifyEmail(app, account.email);
  return { ...account, id };
}

/**
 * POST /api/auth/login from a loopback address of its own, so a file that runs at the default
 * limits meets the per-address login limit only where it means to.
 */
export function signIn(app: TestApp, email: string, password: string, from = nextAddress()) {
  return postFrom(app.url, from, '/api/auth/login', { email, password });
}

export interface SessionUser {
  _id: string;
  userid: number;
  name: string;
  email: string;
  mobilenumber: string | null;
  role: string;
  verified: string;
  isBlocked: string;
}

/** An account written straight to the database, for tests that only need it to exist. */
export async function insertUser(
  app: TestApp,
  values: { name?: string; email?: string; mobile?: string | null; verified?: boolean } = {},
) {
  const account = newAccount();
  const rows = await app.sql<{ id: string; userid: string; email: string; mobilenumber: string }>(
    `INSERT INTO users (name, email, mobilenumber, verified) VALUES ($1, $2, $3, $4)
     RETURNING id, userid, email, mobilenumber`,
    [
      values.name ?? account.name,
      values.email ?? account.email,
      values.mobile === undefined ? account.mobileNumber : values.mobile,
      values.verified ?? true,
    ],
  );
  return {
    id: rows[0].id,
    userid: Number(rows[0].userid),
    email: rows[0].email,
    mobile: rows[0].mobilenumber,
  };
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}
