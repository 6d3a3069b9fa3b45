/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { OrderPromiseSweep } from '../../server/src/modules/orders/order-promise-sweep.service.js';
import { testPlayer } from '../e2e/supplier.helpers.js';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop, DESKTOP, PHONE, pageAt } from '../utils/browser.js';
import { ledgerProblems } from '../utils/ledger.js';
import { placeWalletOrder, shopper } from '../utils/shop.js';

const CUSTOMER = { email: 'user@example.com', password: 'User@12345' };
const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };
const COMPENSATED = 'We missed our delivery promise, so ₹10 was added to your Z-Coins.';

/** Issue 23 §5 and issue 26 point 3: a late delivery is compensated, and the customer sees it. */
describe('late delivery compensated', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const shop = () => shopper(app, () => page);

  beforeAll(async () => {
    app = await startShop({
      RATE_LIMIT_LOGIN: '100/60',
      // A Smile.one player ending in 99 is held 30 s: the adapter gives up after 1 s.
      PROVIDER_TIMEOUT_MS: '1000',
      GUARANTEE_COMPENSATION_RUPEES: '10',
    });
    browser = await launchBrowser();
  }, 60_000);

  async function openAt(size: typeof PHONE) {
    await context?.close();
    page = await pageAt(browser, app.url, size);
    context = page.context();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  }

  afterEach(async () => expect(await ledgerProblems(app.databaseUrl)).toEqual([]));

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it.each([
    ['phone', PHONE],
    ['laptop', DESKTOP],
  ])('promises, misses, compensates and says so (%s)', async (name, size) => {
    await openAt(size);
    await shop().logIn(CUSTOMER.email, CUSTOMER.password);
    const brazil = await shop().productId('Mobile Legends (Brazil server)');
    await page.goto(`/product/${brazil}`);
    await page.getByText('Delivered in 6 minutes, or ₹10 back in Z-Coins').waitFor();
    await screenshot(page, `guarantee-01-product-${name}`);

    const orderid = await placeWalletOrder(app, CUSTOMER.email, CUSTOMER.password, {
      product: 'Mobile Legends (Brazil server)',
      pack: '86 Diamonds',
      input1: testPlayer('99'),
      input2: '1234',
    });
    await page.goto(`/confirmation?client_txn_id=${orderid}`);
    await page.getByText('The order completes within 1-6 minutes', { exact: false }).waitFor();

    // Twenty minutes later the supplier has still not answered; the sweep runs.
    await app.sql(
      `UPDATE orders SET paid_at = paid_at - interval '20 minutes',
              promise_due_at = promise_due_at - interval '20 minutes',
              created_at = created_at - interval '20 minutes' WHERE orderid = $1`,
      [orderid],
    );
    expect((await app.store.app.get(OrderPromiseSweep).sweep()).compensated).toBe(1);
    await page.getByText('This is taking longer than usual').waitFor({ timeout: 15_000 });
    await page.getByText(COMPENSATED).waitFor({ timeout: 15_000 });
    expect(await page.locator('main').innerText()).toContain(
      'We promised delivery within 6 minutes',
    );
    const support = page.getByRole('link', { name: /support/i }).first();
    expect(decodeURIComponent((await support.getAttribute('href')) ?? '')).toContain(orderid);
    await screenshot(page, `guarantee-02-late-order-${name}`);

    await page.goto('/orders');
    await page.getByText(orderid).first().waitFor();
    await page.getByText(COMPENSATED).first().waitFor();
    const overflow = await page.evaluate(
      () => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `guarantee-03-my-orders-${name}`);
  });

  it.each([
    ['phone', PHONE],
    ['laptop', DESKTOP],
  ])('shows the promise report on the console (%s)', async (name, size) => {
    await openAt(size);
    await page.goto('/admin/login');
    await page
      .getByLabel(/^Email/)
      .and(page.locator('input'))
      .fill(ADMIN.email);
    await page
      .getByLabel(/^Password/)
      .and(page.locator('input'))
      .fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/promise-report');
    const table = page.getByRole('table', { name: 'Promise by supplier and product' });
    await table
      .getByRole('cell', { name: 'Mobile Legends (Brazil server)' })
      .waitFor({ state: 'attached' });
    await expect(table.getByRole('row').nth(1).innerText()).resolves.toContain('Smile.one');
    await screenshot(page, `guarantee-04-console-report-${name}`);
  });
});
