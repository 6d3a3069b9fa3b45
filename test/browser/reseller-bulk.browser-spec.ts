import type { Browser, Page } from 'playwright-core';
import { resellerClient } from '../../scripts/reseller-client.mjs';
import { testItem } from '../e2e/money.helpers.js';
import type { TestApp } from '../utils/app.js';
import { desktopPage, launchBrowser, phonePage, screenshot, startShop } from '../utils/browser.js';
import { apiToken, shopper, userByEmail } from '../utils/shop.js';

const ROWS = 200;

/**
 * The reseller uploads a CSV of 200 orders on the dashboard, sees every row's check (three rows
 * refused), confirms, and watches the batch complete against the sandbox (test key).
 */
describe('bulk orders on the reseller dashboard', () => {
  let app: TestApp;
  let browser: Browser;
  let csv: string;

  beforeAll(async () => {
    app = await startShop();
    browser = await launchBrowser();
    const pack = await testItem(app, 2_500);
    const reseller = await userByEmail(app, 'reseller@example.com');
    const token = await apiToken(app, 'reseller@example.com', 'Reseller@12345');
    const key = await app
      .http()
      .post(`/api/resellers/${reseller.userid}/keys`)
      .set({ authorization: `Bearer ${token}` })
      .send({ label: 'Shop sandbox', mode: 'test' })
      .expect(201);
    const client = resellerClient({
      baseUrl: app.url,
      keyId: String(key.body.keyId),
      secret: String(key.body.secret),
    });
    await client.post('/api/reseller/v1/sandbox/topup', { amount_paise: ROWS * 2_500 });
    const rows = Array.from({ length: ROWS }, (_, i) => {
      // Row 7 names no pack, row 50 a player id of letters, row 120 repeats row 119's reference;
      // row 90's player id ends in 13, which the sandbox supplier refuses (refunded); the others end
      // in 1, so none is held Processing as a supplier timeout (an id ending in 99).
      const reference = i === 119 ? 'shop-119' : `shop-${i + 1}`;
      const item = i === 6 ? 'no-such-pack' : pack.itemId;
      const player = i === 49 ? 'player' : i === 89 ? '20000013' : String(30_000_001 + i * 10);
      return `${reference},${item},${player},Hero`;
    });
    csv = ['reference,item_id,input1,input2', ...rows].join('\n');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const upload = async (page: Page) => {
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /Bulk orders/ }).click();
    await page.getByRole('heading', { name: 'Bulk orders', level: 1 }).waitFor();
    await page.getByLabel('Place with key').selectOption({ label: 'Shop sandbox (Test balance)' });
    await page.getByLabel('CSV file').setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByTestId('bulk-summary').waitFor();
  };

  it('checks 200 rows, places the 197 accepted ones and shows the batch complete (phone)', async () => {
    const page = await phonePage(browser, app.url);
    page.setDefaultTimeout(20_000);
    await shopper(app, () => page).logIn('reseller@example.com', 'Reseller@12345');
    await upload(page);
    expect(await page.getByTestId('bulk-summary').innerText()).toContain(
      '200 rows: 197 ready, 3 refused.',
    );
    const refused = page.locator('.bulk-refused');
    expect(await refused.count()).toBe(3);
    expect(await refused.nth(2).innerText()).toContain('already in row 119');
    await screenshot(page, 'reseller-bulk-01-check-phone');

    await page.getByRole('button', { name: 'Place 197 orders' }).click();
    await page
      .getByTestId('bulk-status')
      .filter({ hasText: 'Batch complete: 197 of 197 orders finished.' })
      .waitFor({ timeout: 120_000 });
    const counts = await page.locator('.bulk-counts').innerText();
    expect(counts).toMatch(/Completed\s*196/);
    expect(counts).toMatch(/Refunded\s*1/);
    await screenshot(page, 'reseller-bulk-02-complete-phone');

    const [batch] = await app.sql<{ accepted: number; status: string }>(
      'SELECT accepted, status FROM reseller_batches',
    );
    expect(batch).toEqual({ accepted: 197, status: 'placed' });
    const [{ n }] = await app.sql<{ n: string }>(
      'SELECT count(*) AS n FROM reseller_sandbox_orders',
    );
    expect(Number(n)).toBe(197);
    await page.context().close();
  }, 240_000);

  it('shows the same file again as already used, on a desktop', async () => {
    const page = await desktopPage(browser, app.url);
    page.setDefaultTimeout(20_000);
    await shopper(app, () => page).logIn('reseller@example.com', 'Reseller@12345');
    await upload(page);
    expect(await page.getByTestId('bulk-summary').innerText()).toContain(
      '200 rows: 0 ready, 200 refused.',
    );
    await screenshot(page, 'reseller-bulk-03-resend-desktop');
    expect(await page.getByRole('button', { name: 'Place 0 orders' }).isDisabled()).toBe(true);
    await page.context().close();
  }, 120_000);
});
