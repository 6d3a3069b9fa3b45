import type { TestApp } from '../../utils/app.js';
import {
  accountFactory,
  type AccountInput,
  type UserFields,
  userFactory,
} from '../../utils/factories.js';
import { latestOtp, linkIn, waitForMessage } from '../../utils/outbox.js';
import { nextAddress, postFrom } from './http.js';

export const SEEDED = {
  admin: { email: 'admin@example.com', password: 'Admin@12345' },
  user: { email: 'user@example.com', password: 'User@12345', mobile: '9000000001' },
  reseller: { email: 'reseller@example.com', password: 'Reseller@12345', mobile: '9000000002' },
};

export { newMobile, type AccountInput } from '../../utils/factories.js';

/** Fresh registration details; pass `overrides` for what a test cares about. */
export const newAccount = (overrides: Partial<AccountInput> = {}) =>
  accountFactory.build(overrides);

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
export function insertUser(app: TestApp, values: Partial<UserFields> = {}) {
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  return userFactory.transient({ app }).create(given);
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}
