/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { Messages } from '@zstore/contract/messages';
import { deleteRedisPrefix } from '../utils/app.js';
import { launchBrowser, screenshot, PHONE, pageAt } from '../utils/browser.js';
import { createTestDatabase } from '../utils/database.js';
import { REDIS_URL } from '../utils/env.js';
import { latestOtp, linkIn, waitForMessage } from '../utils/outbox.js';
import { freePort, StoreProcess } from '../utils/process.js';

/** A new customer's whole account life in Chromium, against the built store. */
describe('accounts in the browser', () => {
  const prefix = `zb${randomBytes(4).toString('hex')}`;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: StoreProcess;
  let url: string;
  let browser: Browser;
  let page: Page;

  const customer = {
    name: 'Arjun Mehta',
    mobile: `9${String(Date.now()).slice(-9)}`,
    email: `arjun.${randomBytes(3).toString('hex')}@example.com`,
    password: 'Diamonds#2026',
    newPassword: 'Genshin!Primo42',
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    store = StoreProcess.start('store', {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: `/tmp/${prefix}`,
      LOG_LEVEL: 'warn',
    });
    await store.waitForOutput(/listening on/);
    browser = await launchBrowser();
    page = await pageAt(browser, url, PHONE);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    await db?.drop();
    await deleteRedisPrefix(prefix);
  });

  const field = (label: string) =>
    page.getByLabel(label, { exact: true }).and(page.locator('input'));

  it('registers with the SMS code from the outbox', async () => {
    await page.goto('/register');
    await field('Full Name').fill(customer.name);
    await field('Mobile Number').fill(customer.mobile);
    await field('Email').fill(customer.email);
    await field('Password').fill(customer.password);
    await screenshot(page, '01-register-details');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await page.getByRole('heading', { name: 'Verify Your Account' }).waitFor();
    const otp = await latestOtp(url, customer.mobile);
    await field('OTP').fill(otp);
    await screenshot(page, '02-register-otp');
    await page.getByRole('button', { name: 'Verify OTP', exact: true }).click();
    await page.getByText(Messages.mobileVerified).first().waitFor();
    await page.waitForURL('**/login', { timeout: 5_000 });
  });

  it('is asked to verify the e-mail, then verifies it from the link', async () => {
    await field('Email').fill(customer.email);
    await field('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/checkverification');
    await screenshot(page, '03-check-verification');

    const mail = await waitForMessage(
      url,
      customer.email,
      (m) => m.subject?.includes('Verify') ?? false,
    );
    const link = linkIn(mail.text);
    expect(link.pathname).toMatch(/^\/verification\//);
    await page.goto(link.pathname);
    await page.getByText(Messages.emailVerified).waitFor();
    await screenshot(page, '04-email-verified');
    await page.waitForURL('**/login', { timeout: 5_000 });
  });

  it('logs in and edits the name on the dashboard', async () => {
    await field('Email').fill(customer.email);
    await field('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/home');

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: customer.name }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('Arjun M.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Arjun M.' }).waitFor();
    await screenshot(page, '05-dashboard-name-edited');
  });

  it('logs out and back in with a mobile OTP', async () => {
    await page.getByRole('button', { name: /Logout/ }).click();
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: /Login with Mobile OTP/ }).click();
    await page.waitForURL('**/otplogin');
    await field('Mobile Number').fill(customer.mobile);
    const before = await latestOtp(url, customer.mobile);
    await page.getByRole('button', { name: 'Send OTP', exact: true }).click();
    await page.waitForURL(`**/otpverify/${customer.mobile}`);

    const otp = await latestOtp(url, customer.mobile, before);
    for (const [index, digit] of [...otp].entries()) {
      await page.getByLabel(`Digit ${index + 1}`).fill(digit);
    }
    // The fourth digit submits the code by itself.
    await page.waitForURL('**/home');
    await screenshot(page, '06-otp-signed-in');
  });

  it('resets the password from the e-mailed link and signs in with the new one', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto('/forgetpassword');
    await field('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await page.getByText(Messages.resetLinkSent).first().waitFor();

    const mail = await waitForMessage(
      url,
      customer.email,
      (m) => m.subject?.includes('Reset') ?? false,
    );
    await page.goto(linkIn(mail.text).pathname);
    await field('New Password').fill(customer.newPassword);
    await screenshot(page, '07-reset-password');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL('**/login', { timeout: 5_000 });

    await field('Email').fill(customer.email);
    await field('Password').fill(customer.newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/home');
    await screenshot(page, '08-home-signed-in');
  });

  it('verifies the e-mail from its link while signed in with a mobile OTP', async () => {
    const other = {
      name: 'Meera Iyer',
      mobileNumber: `8${String(Date.now()).slice(-9)}`,
      email: `meera.${randomBytes(3).toString('hex')}@example.com`,
      password: 'Mythic#Glory7',
    };
    const post = (path: string, body: object) =>
      fetch(`${url}/api/auth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('register', other)).status).toBe(200);
    const code = await latestOtp(url, other.mobileNumber);
    expect((await post('verifyandregister', { ...other, otp: code })).status).toBe(201);

    await page.evaluate(() => localStorage.clear());
    await page.goto('/otplogin');
    await field('Mobile Number').fill(other.mobileNumber);
    const before = await latestOtp(url, other.mobileNumber);
    await page.getByRole('button', { name: 'Send OTP', exact: true }).click();
    await page.waitForURL(`**/otpverify/${other.mobileNumber}`);
    const otp = await latestOtp(url, other.mobileNumber, before);
    for (const [index, digit] of [...otp].entries()) {
      await page.getByLabel(`Digit ${index + 1}`).fill(digit);
    }
    await page.waitForURL('**/home');

    const mail = await waitForMessage(
      url,
      other.email,
      (m) => m.subject?.includes('Verify') ?? false,
    );
    await page.goto(linkIn(mail.text).pathname);
    await page.getByText(Messages.emailVerified).waitFor();
    await page.getByText('Taking you to the home page...').waitFor();
    await screenshot(page, '09-email-verified-signed-in');
    await page.waitForURL('**/home', { timeout: 5_000 });
  });
});
