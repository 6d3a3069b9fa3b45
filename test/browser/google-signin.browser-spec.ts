import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../utils/app.js';
import { launchBrowser, phonePage, screenshot } from '../utils/browser.js';
import { freePort } from '../utils/process.js';

/**
 * Google sign-in through the sandbox works at whatever address the customer opened the store
 * on: here http://localhost, as the README gives it, while the store's own URL is 127.0.0.1.
 */
describe('Google sign-in in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    app = await startTestApp(
      { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      { serveBuilds: true },
    );
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    page = await phonePage(browser, `http://localhost:${port}`);
    page.setDefaultTimeout(10_000);
  });
  afterEach(() => page.context().close());

  it('signs in with a Google account at http://localhost', async () => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) blocked.push(message.text());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL('**/sandbox/google/**');
    await screenshot(page, 'google-01-consent');
    await page.getByRole('button', { name: /gamer\.google@example\.com/ }).click();

    await page.waitForURL('**/home**');
    await page.waitForFunction(() => Boolean(localStorage.length));
    await page.goto('/dashboard');
    await page.getByText('gamer.google@example.com').first().waitFor();
    await screenshot(page, 'google-02-signed-in');
    expect(blocked).toEqual([]);
    const [user] = await app.sql<{ google_sub: string | null }>(
      'SELECT google_sub FROM users WHERE email = $1',
      ['gamer.google@example.com'],
    );
    expect(user.google_sub).toBeTruthy();
  });

  it('says why a Google account with an unverified e-mail cannot sign in, and what to do', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL('**/sandbox/google/**');
    await page.getByRole('button', { name: /unverified\.google@example\.com/ }).click();

    await page.waitForURL('**/home**');
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    const text = await toast.innerText();
    expect(text).toMatch(/not verified/i);
    expect(text).toMatch(/password|OTP/);
    await screenshot(page, 'google-03-unverified');
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
  });
});
