/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { DESKTOP, launchBrowser, screenshot, startShop } from '../utils/browser.js';
import { ledgerProblems } from '../utils/ledger.js';

const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };
const BULK_ITEMS = 130;
const FAILED_TOPUPS = 120;
/** Products of one pack each: a page of their packs names more products than a default page holds. */
const SOLO_PRODUCTS = 30;

/** The console on a store with more rows than a screen holds: every row is within reach. */
describe('admin console at scale', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    // One product of many packs, and failed top-ups (no money moved) past two console pages.
    await app.sql(
      `WITH made AS (
         INSERT INTO items (name, type, originalprice, discountedprice, resellprice, imgpath)
         SELECT 'Bulk pack ' || n, 'small', 10000 + n, 9000 + n, 8500, '/images/pack.svg'
         FROM generate_series(1, $1::int) AS n RETURNING itemid
       )
       INSERT INTO products (name, type, category, imgpath, importantnote, inputs, items, sort_order)
       SELECT 'Bulk Arena', 'MLBB', 'games', '/images/pack.svg', '', '[]'::jsonb,
              array_agg(itemid ORDER BY itemid), 1000 FROM made`,
      [BULK_ITEMS],
    );
    await app.sql(
      `INSERT INTO wallet_transactions (txnid, user_id, userid, useremail, type, status, purpose, amount,
                                        txn_date, created_at, updated_at)
       SELECT 'ZTBULK' || lpad(n::text, 6, '0'), u.id, u.userid, u.email, 'Credit', 'Failed', 'topup', 10000,
              to_char(now() AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY'),
              now() - n * interval '1 minute', now() - n * interval '1 minute'
       FROM generate_series(1, $1::int) AS n, users u WHERE u.email = 'user@example.com'`,
      [FAILED_TOPUPS],
    );
    await app.sql(
      `WITH made AS (
         INSERT INTO items (name, type, originalprice, discountedprice, resellprice, imgpath)
         SELECT 'Solo pack ' || n, 'small', 10000, 9000, 8500, '/images/pack.svg'
         FROM generate_series(1, $1::int) AS n RETURNING itemid, name
       )
       INSERT INTO products (name, type, category, imgpath, importantnote, inputs, items, sort_order)
       SELECT replace(name, 'Solo pack', 'Solo game'), 'MLBB', 'games', '/images/pack.svg', '',
              '[]'::jsonb, ARRAY[itemid], 2000 FROM made`,
      [SOLO_PRODUCTS],
    );
    browser = await launchBrowser();
  }, 60_000);

  beforeEach(async () => {
    context = await browser.newContext({ baseURL: app.url, viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
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
  });

  afterEach(async () => {
    await context?.close();
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("reaches a product's last item on the price screen by its filter and pages", async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/admin\/rest\/(items|products)/.test(request.url())) asked.push(request.url());
    });
    await page.goto('/admin/price');
    await page.locator('tr[data-item]').first().waitFor();
    // A page at a time, never the whole catalogue.
    expect(await page.locator('tr[data-item]').count()).toBeLessThanOrEqual(50);
    const ranges = () =>
      asked.map((url) => {
        const range = new URL(url).searchParams.get('range');
        return range ? (JSON.parse(range) as [number, number]) : undefined;
      });
    expect(ranges().every((range) => range && range[1] - range[0] < 50)).toBe(true);
    // Every item row names its product, asked for the products of the page alone.
    await page
      .locator('tr[data-item]')
      .filter({ hasText: 'Bulk pack 1' })
      .filter({ hasText: 'Bulk Arena' })
      .first()
      .waitFor();

    // The product filter finds a product by a few letters of its name, a few choices at a time.
    const picker = page.getByRole('combobox', { name: 'Product', exact: true });
    await picker.click();
    await page.getByRole('option').first().waitFor();
    const searched = page.waitForResponse((response) => {
      const filter = new URL(response.url()).searchParams.get('filter');
      return response.url().includes('/rest/products') && filter === '{"q":"bulk ar"}';
    });
    await picker.fill('bulk ar');
    expect((await searched).status()).toBe(200);
    await page.getByRole('option', { name: 'Bulk Arena', exact: true }).click();
    expect(ranges().every((range) => range && range[1] - range[0] < 50)).toBe(true);
    await page.locator('tr[data-item]').filter({ hasText: 'Bulk pack 1' }).first().waitFor();
    await page.getByText(`Showing 1 to 50 of ${BULK_ITEMS}`, { exact: true }).waitFor();
    // The products card shows the chosen product alone.
    await page.getByText('Showing 1 to 1 of 1', { exact: true }).waitFor();
    expect(await page.getByText('Bulk Arena', { exact: true }).count()).toBeGreaterThan(1);
    const items = page.locator('tr[data-item]');
    await page.getByRole('button', { name: 'Next', exact: true }).last().click();
    await page.getByText(`Showing 51 to 100 of ${BULK_ITEMS}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).last().click();
    const last = `Bulk pack ${BULK_ITEMS}`;
    await page
      .getByText(`Showing 101 to ${BULK_ITEMS} of ${BULK_ITEMS}`, { exact: true })
      .waitFor();
    await items.filter({ hasText: last }).first().waitFor();
    expect(await items.count()).toBe(BULK_ITEMS - 100);

    await page.getByLabel(`Price ${last}`, { exact: true }).fill('412');
    await page.getByRole('button', { name: `Save ${last}`, exact: true }).click();
    await page.getByText('Price updated successfully', { exact: true }).first().waitFor();
    await screenshot(page, 'admin-at-scale-01-price-last-page');
    const [row] = await app.sql<{ discountedprice: string }>(
      'SELECT discountedprice FROM items WHERE name = $1',
      [last],
    );
    expect(Number(row.discountedprice)).toBe(41_200);

    // The search finds one pack among them by its own name.
    await page.getByLabel('Search').fill('Bulk pack 77');
    // The products card already shows "1 of 1": the items' own answer is the last page leaving.
    await items.filter({ hasText: last }).first().waitFor({ state: 'detached' });
    await items.filter({ hasText: 'Bulk pack 77' }).first().waitFor();
    expect(await items.allInnerTexts()).toEqual([expect.stringContaining('Bulk pack 77')]);
  });

  it('names the product of every item on a page of packs from many products', async () => {
    await page.goto('/admin/price');
    await page.getByLabel('Search').fill('Solo pack');
    const shown = `Showing 1 to ${SOLO_PRODUCTS} of ${SOLO_PRODUCTS}`;
    await page.getByText(shown, { exact: true }).waitFor();
    const named = page.locator('tr[data-item]').filter({ hasText: /Solo game \d+/ });
    await page.waitForFunction(
      (count) =>
        [...document.querySelectorAll('tr[data-item]')].filter((row) =>
          /Solo game \d+/.test(row.textContent ?? ''),
        ).length === count,
      SOLO_PRODUCTS,
    );
    expect(await named.count()).toBe(SOLO_PRODUCTS);
    await named
      .filter({ hasText: /Solo pack 30(?!\d)/ })
      .filter({ hasText: /Solo game 30(?!\d)/ })
      .waitFor();
  });

  it('reads the next wallet page after the last row shown, as the page number says', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/rest/wallet-transactions?')) asked.push(request.url());
    });
    await page.goto('/admin/wallettxn');
    const [{ total }] = await app.sql<{ total: number }>(
      'SELECT count(*)::int AS total FROM wallet_transactions',
    );
    await page.getByText(`Showing 1 to 50 of ${total} transactions`).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(`Showing 51 to 100 of ${total} transactions`).waitFor();
    const expected = await app.sql<{ txnid: string }>(
      'SELECT txnid FROM wallet_transactions ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 50',
    );
    await page.getByText(expected[0].txnid, { exact: true }).first().waitFor();
    await page.getByText(expected[49].txnid, { exact: true }).first().waitFor();
    expect(asked.at(-1)).toMatch(/&after=[0-9a-f-]{36}$/);
    await screenshot(page, 'admin-at-scale-02-wallet-page-2');

    // Back to page 1 and on again: the same rows.
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await page.getByText(`Showing 1 to 50 of ${total} transactions`).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(expected[49].txnid, { exact: true }).first().waitFor();
  });
});
