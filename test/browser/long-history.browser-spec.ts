/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import path from 'node:path';
import {
  ARTIFACTS,
  launchBrowser,
  screenshot,
  startShop,
  DESKTOP,
  PHONE,
  pageAt,
} from '../utils/browser.js';
import { hoursBefore, ordersLike } from '../utils/factories.js';
import { ledgerProblems } from '../utils/ledger.js';
import { adminCredit, placeWalletOrder, shopper, userByEmail } from '../utils/shop.js';

const CUSTOMER = { email: 'user@example.com', password: 'User@12345' };
const HISTORY = 120;
const PAGE = 50;

/**
 * A customer with a long history: My Orders and the wallet's Transaction History show the newest
 * 50 first and reach the oldest through "Show more", and a status filter finds an old order.
 */
describe("a long-standing customer's history in the browser", () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const shop = () => shopper(app, () => page);
  let oldestOrder: string;
  let oldestTxn: string;

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();

    await adminCredit(app, CUSTOMER.email, 100);
    const placed = await placeWalletOrder(app, CUSTOMER.email, CUSTOMER.password, {
      product: 'BGMI',
      pack: '60 UC',
      input1: '5123456789',
      input2: 'Ravi',
    });
    const { userid } = await userByEmail(app, CUSTOMER.email);
    const count = async (table: string) =>
      Number(
        (
          await app.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE userid = $1`, [
            userid,
          ])
        )[0].n,
      );
    // Older orders beside the placed one, the oldest of them cancelled; older failed top-ups
    // beside the credit and the debit (no money moves, the ledger stays whole).
    const orders = HISTORY - (await count('orders'));
    await ordersLike(app, placed, orders, (n, { createdAt }) => ({
      orderid: `ZOHIST${String(n).padStart(8, '0')}`,
      status: n === orders ? 'Cancelled' : 'Completed',
      createdAt: hoursBefore(createdAt, n),
    }));
    const txns = HISTORY - (await count('wallet_transactions'));
    await app.sql(
      `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount, txn_date, created_at)
       SELECT 'ZWHIST' || lpad(n::text, 8, '0'), id, userid, email, 'Credit', 'Failed', 'topup', 100,
              now()::date, now() - n * interval '1 hour'
       FROM users CROSS JOIN generate_series(1, $2::int) AS n WHERE userid = $1`,
      [userid, txns],
    );
    expect([await count('orders'), await count('wallet_transactions')]).toEqual([HISTORY, HISTORY]);
    oldestOrder = `ZOHIST${String(orders).padStart(8, '0')}`;
    oldestTxn = `ZWHIST${String(txns).padStart(8, '0')}`;
  }, 60_000);

  afterEach(async () => expect(await ledgerProblems(app.databaseUrl)).toEqual([]));

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  async function openAt(size: typeof PHONE) {
    await context?.close();
    page = await pageAt(browser, app.url, size);
    context = page.context();
    await shop().logIn(CUSTOMER.email, CUSTOMER.password);
  }

  /** What the screen shows with `target` scrolled into view (the full pages are long). */
  async function screenAt(target: string, name: string) {
    await page.getByText(target, { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  }

  /** Waits until exactly `count` rows are on the page. */
  async function showing(rows: string, count: number) {
    await page
      .waitForFunction(([selector, n]) => document.querySelectorAll(selector).length === n, [
        rows,
        count,
      ] as const)
      .catch(async (error: Error) => {
        throw new Error(
          `${await page.locator(rows).count()} ${rows} shown, not ${count}: ${error.message}`,
        );
      });
  }

  /** Taps "Show more" until it is gone, checking each tap adds up to a page. */
  async function showAll(rows: string, label: string) {
    await showing(rows, PAGE);
    const more = shop().button(label);
    for (let shown = PAGE; shown < HISTORY;) {
      await more.click();
      shown = Math.min(HISTORY, shown + PAGE);
      await showing(rows, shown);
    }
    await more.waitFor({ state: 'detached' });
  }

  it.each([
    ['phone', PHONE],
    ['laptop', DESKTOP],
  ])(
    'My Orders shows the newest 50 and reaches the oldest by Show more (%s)',
    async (name, size) => {
      await openAt(size);
      await page.goto('/orders');
      await showing('.order-card', PAGE);
      expect(await page.getByText(oldestOrder).count()).toBe(0);
      await screenAt('Show more orders', `long-history-orders-${name}`);
      await showAll('.order-card', 'Show more orders');
      await page.getByText(oldestOrder).scrollIntoViewIfNeeded();
      await screenshot(page, `long-history-orders-all-${name}`);
    },
  );

  it('a status filter finds an order older than the first page', async () => {
    await openAt(PHONE);
    await page.goto('/orders');
    await showing('.order-card', PAGE);
    await shop().fill('Filter by status', 'Cancelled');
    await page.getByText(oldestOrder).waitFor();
    expect(await page.locator('.order-card').count()).toBe(1);
    expect(await shop().button('Show more orders').count()).toBe(0);
    await screenshot(page, 'long-history-orders-filtered');
  });

  it.each([
    ['phone', PHONE],
    ['laptop', DESKTOP],
  ])('the wallet history shows the newest 50 and reaches the oldest (%s)', async (name, size) => {
    await openAt(size);
    await page.goto('/wallet');
    await showing('.txn-row', PAGE);
    expect(await page.getByText(oldestTxn).count()).toBe(0);
    await screenAt('Show more transactions', `long-history-wallet-${name}`);
    await showAll('.txn-row', 'Show more transactions');
    await screenAt(oldestTxn, `long-history-wallet-all-${name}`);
  });
});
