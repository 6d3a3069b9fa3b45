/// <reference lib="dom" />
import type { Browser, Locator, Page } from 'playwright-core';
import { Messages } from '@zstore/contract/messages';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop, PHONE, pageAt } from '../utils/browser.js';
import { latestOtp, linkIn, waitForMessage } from '../utils/outbox.js';
import { shopper } from '../utils/shop.js';

/** Signing up on a phone, toasts that leave the heading readable, and finding a game by name. */
describe('signing up and finding a game on a phone', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const shop = () => shopper(app, () => page);
  const customer = {
    name: 'Kavya Rao',
    mobile: `8${String(Date.now()).slice(-9)}`,
    email: `kavya.${Date.now()}@example.com`,
    password: 'Mythic#Glory26',
  };

  beforeAll(async () => {
    app = await startShop();
    browser = await launchBrowser();
    page = await pageAt(browser, app.url, PHONE);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** The toast leaves the heading, and the page above it up to the top bar, uncovered. */
  async function expectHeadingClear(target: Page, toast: Locator, heading: Locator) {
    const bar = (await target.locator('header').first().boundingBox())!;
    const h1 = (await heading.boundingBox())!;
    const t = (await toast.boundingBox())!;
    const band = { x: h1.x, y: bar.y + bar.height, width: h1.width, bottom: h1.y + h1.height };
    const overlaps =
      t.x < band.x + band.width &&
      band.x < t.x + t.width &&
      t.y < band.bottom &&
      band.y < t.y + t.height;
    expect({ toast: t, heading: h1, overlaps }).toEqual({ toast: t, heading: h1, overlaps: false });
  }

  it('says before submitting that the e-mail must be verified too', async () => {
    const { input } = shop();
    await page.goto('/register');
    const email = input('Email');
    const hint = await email.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(hint).toMatch(/verify/i);
    await page.getByText(hint!).waitFor();
    await screenshot(page, 'signup-01-register-hint');
  });

  it('shows the toast after Create Account without covering the page heading', async () => {
    const { input, button } = shop();
    await input('Full Name').fill(customer.name);
    await input('Mobile Number').fill(customer.mobile);
    await input('Email').fill(customer.email);
    await input('Password').fill(customer.password);
    await button('Create Account').click();

    const heading = page.getByRole('heading', { level: 1, name: 'Verify Your Account' });
    await heading.waitFor();
    const toast = page
      .locator('.Toastify__toast')
      .filter({ hasText: Messages.otpSentVerifyAccount });
    await toast.waitFor();
    await page.waitForTimeout(500); // the toast's entrance animation
    await screenshot(page, 'signup-02-toast-after-create');
    await expectHeadingClear(page, toast, heading);

    await input('OTP').fill(await latestOtp(app.url, customer.mobile));
    await button('Verify OTP').click();
    await page.waitForURL('**/login', { timeout: 5_000 });
  });

  it('shows a clear success on the verification link and again on the login page', async () => {
    const { input, button } = shop();
    await input('Email').fill(customer.email);
    await input('Password').fill(customer.password);
    await button('Sign In').click();
    await page.waitForURL('**/checkverification');

    const mail = await waitForMessage(
      app.url,
      customer.email,
      (m) => !!m.subject?.includes('Verify'),
    );
    await page.goto(linkIn(mail.text).pathname);
    await page.getByRole('heading', { level: 1, name: 'Email Verified' }).waitFor();
    await page.getByText(Messages.emailVerified).waitFor();
    await screenshot(page, 'signup-03-email-verified');

    await page.waitForURL('**/login', { timeout: 5_000 });
    await page.getByRole('status').getByText(Messages.emailVerified).waitFor();
    await screenshot(page, 'signup-04-login-after-verification');
  });

  describe('the game search on the home page', () => {
    const tileNames = () => page.locator('a.product-tile').allInnerTexts();
    const search = () => page.getByRole('searchbox', { name: 'Search games' });

    it('filters the tiles by name as the customer types', async () => {
      await page.goto('/home');
      await page.locator('a.product-tile').first().waitFor();
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await search().click();
      await page.keyboard.type('legends');
      await page.getByRole('heading', { name: /results? for/i }).waitFor();
      const names = await tileNames();
      expect(names.length).toBe(2);
      expect(names.every((name) => name.includes('Mobile Legends'))).toBe(true);
      await screenshot(page, 'signup-05-search-legends');
    });

    it('filters by region too', async () => {
      await search().fill('brazil');
      await expectTiles(['Brazil server']);
      await search().fill('mobile legends phil');
      await expectTiles(['Philippines server']);
    });

    it('says so when nothing matches, and shows every game again when cleared', async () => {
      await search().fill('minecraft');
      await page.getByText('No games match “minecraft”').waitFor();
      expect(await tileNames()).toEqual([]);
      await screenshot(page, 'signup-06-search-empty');
      await search().fill('');
      await page.getByRole('heading', { name: 'TRENDING DISCOUNTS' }).waitFor();
      expect((await tileNames()).length).toBeGreaterThan(4);
    });

    async function expectTiles(regions: string[]) {
      for (let attempt = 0; ; attempt += 1) {
        const names = await tileNames();
        const ok = names.length === regions.length && regions.every((r, i) => names[i].includes(r));
        if (ok) return;
        if (attempt > 50) expect(names).toEqual(regions);
        await page.waitForTimeout(100);
      }
    }
  });
});
