/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { DESKTOP, launchBrowser, screenshot, startShop } from '../utils/browser.js';
import { ledgerProblems } from '../utils/ledger.js';
import { waitForMessage } from '../utils/outbox.js';
import { placeWalletOrder } from '../utils/shop.js';

const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };
const SHOPPER = 'user@example.com';

/**
 * The console as a first-time admin meets it: deep links opened signed out, a refused amount
 * corrected in the same dialog, items told apart by their product.
 */
describe('admin console for a first-time admin', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();
  }, 60_000);

  beforeEach(async () => {
    context = await browser.newContext({ baseURL: app.url, viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });

  afterEach(async () => {
    await context?.close();
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const dialog = () => page.getByRole('dialog');
  const toast = (text: string) => page.getByText(text, { exact: true }).first();

  async function fillSignIn() {
    await page
      .getByLabel(/^Email/)
      .and(page.locator('input'))
      .fill(ADMIN.email);
    await page
      .getByLabel(/^Password/)
      .and(page.locator('input'))
      .fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  const balance = async () =>
    Number(
      (
        await app.sql<{ balance: string }>('SELECT balance FROM users WHERE email = $1', [SHOPPER])
      )[0].balance,
    ) / 100;

  it.each([
    ['/admin', /\/admin\/?$/, 'Total orders'],
    ['/admin/', /\/admin\/?$/, 'Total orders'],
    ['/admin/orders', /\/admin\/orders$/, 'Pending Orders'],
    ['/admin/usersdata', /\/admin\/usersdata(\?.*)?$/, 'User Data'],
  ])('signed out, %s asks for a sign-in and then opens that page', async (start, lands, title) => {
    await page.goto(start);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await fillSignIn();
    await page.waitForURL(lands);
    await page.getByRole('menuitem', { name: 'Overview' }).waitFor();
    expect(new URL(page.url()).pathname).not.toMatch(/^\/admin\/admin/);
    await expect(page.getByText('Not Found').count()).resolves.toBe(0);
    await page.getByText(title).first().waitFor();
  });

  it('adds balance after a refused amount, showing why it was refused', async () => {
    const before = await balance();
    await page.goto('/admin/login');
    await fillSignIn();
    await page.waitForURL(/\/admin\/?$/);
    await page.getByRole('menuitem', { name: 'User Data' }).click();
    const row = page.getByRole('row').filter({ hasText: SHOPPER });
    await row.getByRole('button', { name: 'Add balance' }).click();
    const amount = dialog().getByLabel('Amount (₹)');
    const add = dialog().getByRole('button', { name: 'Add', exact: true });

    await amount.fill('0');
    await add.click();
    await toast('Enter an amount above ₹0 and up to ₹1,00,000, with at most 2 decimals.').waitFor();
    await screenshot(page, 'admin-stranger-01-refused-amount');
    await amount.fill('-50');
    await add.click();
    await page.waitForTimeout(300);
    await amount.fill('25');
    await add.click();
    await toast('Balance added successfully.').waitFor();
    expect(await balance()).toBe(before + 25);
  });

  it('tells apart items of the same name by their product on the price screen', async () => {
    await page.goto('/admin/login');
    await fillSignIn();
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/price');
    const rows = page.locator('tr[data-item]').filter({ hasText: 'Weekly Diamond Pass' });
    await rows.first().waitFor();
    const texts = (await rows.allInnerTexts()).filter((text) => !/2 x/.test(text));
    expect(texts).toHaveLength(2);
    expect(texts.some((text) => text.includes('Mobile Legends (Brazil server)'))).toBe(true);
    expect(texts.some((text) => text.includes('Mobile Legends (Philippines server)'))).toBe(true);

    // The search finds a product's items by the product's name.
    await page.getByLabel('Search').fill('Philippines');
    // The server answers the search a moment after the typing stops.
    await page
      .locator('tr[data-item]')
      .filter({ hasText: 'Brazil' })
      .first()
      .waitFor({ state: 'detached' });
    await page
      .locator('tr[data-item]')
      .filter({ hasText: 'Weekly Diamond Pass' })
      .first()
      .waitFor();
    await screenshot(page, 'admin-stranger-02-price-by-product');
  });

  it('tells the customer when an admin cancels a paid order, and about the money', async () => {
    const orderid = await placeWalletOrder(app, SHOPPER, 'User@12345', {
      product: 'BGMI',
      pack: '60 UC',
      input1: '5123456789',
      input2: 'Ravi',
    });
    await page.goto('/admin/login');
    await fillSignIn();
    await page.waitForURL(/\/admin\/?$/);
    await page.getByRole('menuitem', { name: 'Pending Orders' }).click();
    const card = page.locator(`[data-order="${orderid}"]`);
    await card.getByRole('button', { name: 'Cancelled', exact: true }).click();
    await dialog().getByRole('button', { name: 'Cancel order' }).click();
    await card.waitFor({ state: 'detached' });

    const mail = await waitForMessage(app.url, SHOPPER, (m) => m.text.includes(orderid));
    expect(mail.subject).toMatch(/cancelled/i);
    expect(mail.text).toMatch(/₹75/);
    expect(mail.text).toMatch(/support/i);
  });
});
