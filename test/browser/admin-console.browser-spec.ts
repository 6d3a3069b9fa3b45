/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import {
  DESKTOP,
  ARTIFACTS,
  launchBrowser,
  phonePage,
  screenshot,
  startShop,
} from '../utils/browser.js';
import { shopper } from '../utils/shop.js';

const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };
const SHOPPER = { email: 'user@example.com', password: 'User@12345' };
/** Gzipped JavaScript the console's first page may load: the login page, then the overview. */
const INITIAL_JS_BUDGET_KB = 300;
/** Gzipped JavaScript of the sign-in page alone: React and the form, not react-admin or MUI. */
const LOGIN_JS_BUDGET_KB = 100;
/** dd/mm/yyyy HH:mm, the console's one date format. */
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

/**
 * The console's money confirmations, dates, layout at 1366 px and on a phone, its sign-in
 * shared with the storefront and its first-load budget, in Chromium.
 */
describe('admin console: confirmations, one session, layout and load', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();
  }, 60_000);

  beforeEach(async () => {
    context = await browser.newContext({
      baseURL: app.url,
      viewport: DESKTOP,
      colorScheme: 'dark',
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });

  afterEach(async () => {
    await context?.close();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const dialog = () => page.getByRole('dialog');
  const toast = (text: string) => page.getByText(text, { exact: true }).first();
  const rupees = (paise: number) =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
    }).format(paise / 100);
  /** What the console must show for an instant: dd/mm/yyyy HH:mm in India. */
  const indiaDateTime = (value: Date) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(value);
    const part = (type: string) => parts.find((p) => p.type === type)?.value;
    return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
  };
  const pageWidth = (target: Page) =>
    target.evaluate(() => {
      const root = document.scrollingElement!;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
  /** The whole table is on screen: the page does not scroll sideways, nor does the table's box. */
  async function expectTableFits() {
    const size = await pageWidth(page);
    expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth);
    const table = await page
      .locator('table')
      .first()
      .evaluate((element) => ({
        right: element.getBoundingClientRect().right,
        boxScroll: element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
      }));
    expect(table.right).toBeLessThanOrEqual(size.clientWidth);
    expect(table.boxScroll).toBeLessThanOrEqual(0);
  }
  /** Waits for a dialog's opening transition to end, for a readable screenshot. */
  const dialogShown = () =>
    page.waitForFunction(
      () => getComputedStyle(document.querySelector('[role="dialog"]')!).opacity === '1',
    );

  async function signIn(target: Page = page) {
    await target.goto('/admin/login');
    await target
      .getByLabel(/^Email/)
      .and(target.locator('input'))
      .fill(ADMIN.email);
    await target
      .getByLabel(/^Password/)
      .and(target.locator('input'))
      .fill(ADMIN.password);
    await target.getByRole('button', { name: 'Sign in', exact: true }).click();
    await target.waitForURL(/\/admin\/?$/);
  }

  async function walletOrder() {
    const login = await app.http().post('/api/auth/login').send(SHOPPER).expect(200);
    const [entry] = await app.sql<{ product_id: string; item_id: string; itemid: string }>(
      `SELECT p.id AS product_id, i.id AS item_id, i.itemid FROM products p
       JOIN items i ON i.itemid = ANY(p.items) WHERE p.name = 'BGMI' AND i.instock
       ORDER BY i.itemid LIMIT 1`,
    );
    const placed = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set({ Authorization: `Bearer ${login.body.token}` })
      .set('Idempotency-Key', randomUUID())
      .send({
        itemid: Number(entry.itemid),
        item_id: entry.item_id,
        product_id: entry.product_id,
        userid: login.body.user.userid,
        input1: '5123456789',
        input2: 'Ravi',
      });
    expect(placed.status).toBeLessThan(300);
    const [order] = await app.sql<{
      id: string;
      orderid: string;
      status: string;
      value: string;
      created_at: Date;
    }>(
      `SELECT o.id, o.orderid, o.status, o.value, o.created_at FROM orders o
       JOIN users u ON u.id = o.user_id WHERE u.email = $1 ORDER BY o.created_at DESC LIMIT 1`,
      [SHOPPER.email],
    );
    expect(order.status).toBe('Processing');
    return { ...order, paise: Number(order.value) };
  }

  const orderStatus = async (id: string) =>
    (await app.sql<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]))[0].status;
  const shopperBalance = async () =>
    Number(
      (
        await app.sql<{ balance: string }>('SELECT balance FROM users WHERE email = $1', [
          SHOPPER.email,
        ])
      )[0].balance,
    );

  it('loads at most 300 kB of gzipped JavaScript for the login page and the overview', async () => {
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(response.url(), gzipSync(body).length);
    });
    await signIn();
    await page.getByRole('button', { name: 'Fetch BR points' }).waitFor();
    await page.waitForLoadState('networkidle');
    const kb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
    expect(scripts.size).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  });
  it('loads at most 100 kB of gzipped JavaScript for the sign-in page alone', async () => {
    const sizes: Array<Promise<number>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.push(
        response.body().then(
          (body) => gzipSync(body).length,
          () => 0,
        ),
      );
    });
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const kb = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0) / 1024;
    expect(sizes.length).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
  });

  it('asks before a refund or a cancel, naming the order and its amount', async () => {
    await signIn();
    const refunded = await walletOrder();
    const cancelled = await walletOrder();
    const balance = await shopperBalance();
    const moves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/updateorder/')) moves.push(request.url());
    });
    await page.getByRole('menuitem', { name: 'Pending Orders' }).click();
    const card = page.locator(`[data-order="${refunded.orderid}"]`);
    await card.getByText(indiaDateTime(new Date(refunded.created_at)), { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog().getByText(`Refund order ${refunded.orderid}?`, { exact: true }).waitFor();
    await dialog()
      .getByText(`${rupees(refunded.paise)} goes back to the Z-Coins wallet of ${SHOPPER.email}.`)
      .waitFor();
    await dialogShown();
    await screenshot(page, 'console-01-refund-confirm');
    await dialog().getByRole('button', { name: 'Go back' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(moves).toEqual([]);
    expect(await orderStatus(refunded.id)).toBe('Processing');
    expect(await shopperBalance()).toBe(balance);

    await card.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog()
      .getByRole('button', { name: `Refund ${rupees(refunded.paise)}` })
      .click();
    await toast('Order updated successfully.').waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await orderStatus(refunded.id)).toBe('Refunded');
    expect(await shopperBalance()).toBe(balance + refunded.paise);

    const other = page.locator(`[data-order="${cancelled.orderid}"]`);
    await other.getByRole('button', { name: 'Cancelled', exact: true }).click();
    await dialog().getByText(`Cancel order ${cancelled.orderid}?`, { exact: true }).waitFor();
    await dialog().getByText(rupees(cancelled.paise), { exact: false }).waitFor();
    await dialog().getByRole('button', { name: 'Cancel order' }).click();
    await other.waitFor({ state: 'detached' });
    expect(await orderStatus(cancelled.id)).toBe('Cancelled');
    expect(await shopperBalance()).toBe(balance + refunded.paise);
  });

  it('shows dates as dd/mm/yyyy in India time and fits All Orders and All Coupons in 1366 px', async () => {
    const order = await walletOrder();
    const token = (await app.http().post('/api/auth/login').send(ADMIN).expect(200)).body
      .token as string;
    const code = `FIT${Date.now().toString(36).toUpperCase()}`;
    await app
      .http()
      .post('/api/admin/createcoupon')
      .set({ Authorization: `Bearer ${token}` })
      .send({
        couponCode: code,
        discountType: 'percentage',
        discountPercentage: 10,
        expiryDate: '2031-12-31',
        minimumItemQuantity: 1,
        minPurchaseAmount: 99,
        maxDiscountAmount: 50,
        usageLimit: 100,
        userLimit: 1,
        isActive: true,
        description: 'Festival offer for the whole store, one use per customer',
      })
      .expect((response) => expect(response.status).toBeLessThan(300));
    await signIn();

    await page.getByRole('menuitem', { name: 'All Orders' }).click();
    const row = page.getByRole('row').filter({ hasText: order.orderid });
    await row
      .getByText(indiaDateTime(new Date(order.created_at)), { exact: true })
      .first()
      .waitFor();
    // Every date on the screen (created and updated, per row) in the one format.
    const texts = await page.locator('tbody td span:not(:has(*))').allTextContents();
    const dates = texts.filter((text) => /\d{4}/.test(text) && /[/:-]/.test(text));
    expect(dates.length).toBeGreaterThanOrEqual(2);
    for (const date of dates) expect(date).toMatch(DATE_TIME);
    await expectTableFits();
    await screenshot(page, 'console-02-all-orders-1366');

    await page.getByRole('menuitem', { name: 'All Coupons' }).click();
    const coupon = page.getByRole('row').filter({ hasText: code });
    await coupon.getByText('31/12/2031', { exact: true }).waitFor();
    await expectTableFits();
    await screenshot(page, 'console-03-all-coupons-1366');
  });

  it('flags an existing account whose e-mail mixes alphabets in the users list', async () => {
    const tag = Date.now().toString(36);
    await app.sql(
      `INSERT INTO users (name, email, mobilenumber, verified)
       VALUES ('Look Alike', $1, NULL, true), ('Wide Alike', $2, NULL, true),
              ('Plain Twin', $3, NULL, true)`,
      [`us\u0435r.${tag}@example.com`, `\uff55ser.${tag}@example.com`, `user.${tag}@example.com`],
    );
    await signIn();
    await page.goto(`/admin/usersdata?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
    const flagged = page.getByRole('row').filter({ hasText: 'Look Alike' });
    await flagged.getByText('Mixed scripts', { exact: true }).waitFor();
    const wide = page.getByRole('row').filter({ hasText: 'Wide Alike' });
    await wide.getByText('Mixed scripts', { exact: true }).waitFor();
    const twin = page.getByRole('row').filter({ hasText: 'Plain Twin' });
    await twin.waitFor();
    expect(await twin.getByText('Mixed scripts').count()).toBe(0);
    await screenshot(page, 'console-07-look-alike-email');
  });

  it('brands the login page and links it to the store and to password reset', async () => {
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'Z Store Admin' }).waitFor();
    expect(await page.locator('img[src="/logo.svg"]').count()).toBe(1);
    await screenshot(page, 'console-04-login');
    expect(await page.getByRole('link', { name: 'Back to store' }).getAttribute('href')).toBe('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgetpassword');
    await page
      .getByRole('button', { name: /send|reset/i })
      .first()
      .waitFor();
  });

  it('shares one sign-in with the storefront', async () => {
    const store = shopper(app, () => page);
    await store.logIn(ADMIN.email, ADMIN.password);
    await page.goto('/admin/');
    await page.getByRole('button', { name: 'Fetch BR points' }).waitFor();
    expect(page.url()).not.toContain('/login');

    // Signing out of the console signs out of the store too.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');

    // And the other way round: signed out on the store, the console asks to sign in.
    await store.logIn(ADMIN.email, ADMIN.password);
    await page.evaluate(() => localStorage.removeItem('isLoggedIn'));
    await page.goto('/admin/');
    await page.waitForURL('**/admin/login');
  });

  it('signs out when a custom page gets a 401, without moving the order', async () => {
    const order = await walletOrder();
    await signIn();
    await page.getByRole('menuitem', { name: 'Pending Orders' }).click();
    const card = page.locator(`[data-order="${order.orderid}"]`);
    await card.waitFor();
    // The server no longer accepts the session (expired or revoked).
    await page.evaluate(() => localStorage.setItem('token', 'expired.session.token'));
    await card.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog()
      .getByRole('button', { name: /^Refund ₹/ })
      .click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await orderStatus(order.id)).toBe('Processing');
  });

  it('shows All Orders as cards and keeps the price Save buttons in reach on a phone', async () => {
    const order = await walletOrder();
    const phone = await phonePage(browser, app.url);
    try {
      phone.setDefaultTimeout(10_000);
      await signIn(phone);
      await phone.goto('/admin/txn');
      await phone.getByText(`Order ID: ${order.orderid}`, { exact: true }).waitFor();
      expect(await phone.getByRole('table').count()).toBe(0);
      const size = await pageWidth(phone);
      expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth);
      await screenshot(phone, 'console-05-phone-orders');

      await phone.goto('/admin/price');
      const [item] = await app.sql<{ name: string }>(
        `SELECT i.name FROM products p JOIN items i ON i.itemid = ANY(p.items)
         WHERE p.name = 'BGMI' ORDER BY i.itemid LIMIT 1`,
      );
      const save = phone.getByRole('button', { name: `Save ${item.name}`, exact: true }).first();
      await save.scrollIntoViewIfNeeded();
      const box = (await save.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // What the admin sees around the button, not the whole (very long) page.
      await phone.screenshot({ path: path.join(ARTIFACTS, 'console-06-phone-price.png') });
      await save.click();
      await phone.getByText('Price updated successfully', { exact: true }).first().waitFor();
    } finally {
      await phone.context().close();
    }
  });
});
