/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, phonePage, screenshot, startShop } from '../utils/browser.js';
import { waitFor } from '../utils/wait.js';
import { startReceiver } from '../e2e/callback-receiver.js';
import { sessionOf, testItem, type Shopper } from '../e2e/money.helpers.js';
import { clientFor, newReseller } from '../e2e/reseller.helpers.js';

const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };

/** The console's reseller page: keys (secret once), limits, callback URL, delivery log, orders. */
describe('admin console: a reseller’s keys, callbacks and orders', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let reseller: Shopper;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60', DELIVERY_ENABLED: 'false' });
    reseller = await newReseller(app, 100_000);
    browser = await launchBrowser();
    const context = await browser.newContext({
      baseURL: app.url,
      viewport: { width: 1366, height: 768 },
      colorScheme: 'dark',
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await receiver?.close();
  });

  async function signIn(target: Page) {
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

  it('creates a key showing its secret once, changes it, logs and re-sends its callbacks, revokes it', async () => {
    await signIn(page);
    await page.goto(`/admin/usersdata/${reseller.id}`);
    await page.getByRole('link', { name: 'API keys and callbacks' }).click();
    await page.waitForURL(`**/admin/resellers/${reseller.userid}`);
    await page.getByText('No API keys yet.').waitFor();

    await page.getByRole('button', { name: 'New key' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Label').fill('Telegram bot');
    await form.getByLabel('Callback URL').fill(receiver.url('/hooks/console'));
    await form.getByRole('button', { name: 'Create key' }).click();
    const secretDialog = page.getByRole('dialog');
    await secretDialog.getByText('it is shown this once').waitFor();
    const secret = (await secretDialog.getByTestId('key-secret').textContent())!.trim();
    const keyId = (await secretDialog.getByText(/^rk_live_/).textContent())!.trim();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'admin-reseller-secret-1366');
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: keyId }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    // The secret the dialog showed signs requests; the order's completion is called back.
    const pack = await testItem(app, 7_500);
    const placed = await clientFor(app, { keyId, secret }).post('/api/reseller/v1/orders', {
      reference: 'console-1',
      item_id: pack.itemId,
      input1: '55667788',
      input2: 'Arjun',
    });
    expect(placed.status).toBe(201);
    const admin = await sessionOf(app, 'admin@example.com');
    const [row] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      placed.body.order.orderid,
    ]);
    await app.http().get(`/api/admin/updateorder/${row.id}/Completed`).set(admin.auth).expect(200);
    await waitFor(() => receiver.at('/hooks/console').length === 1);

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Allowed addresses').fill('127.0.0.1, 203.0.113.0/24');
    await edit.getByLabel('Requests a minute').fill('120');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Key saved.').waitFor();
    await page.getByRole('cell', { name: '127.0.0.1, 203.0.113.0/24' }).waitFor();
    await page.getByRole('cell', { name: '120', exact: true }).waitFor();

    await page.reload();
    await page.getByText('order.completed').waitFor();
    await page.getByText('Delivered').waitFor();
    await page.getByText(/^200 · \d+ ms$/).waitFor();
    await page.getByRole('button', { name: 'Re-send' }).click();
    await page.getByText('Sent again.').waitFor();
    await waitFor(() => receiver.at('/hooks/console').length === 2);
    const [first, again] = receiver.at('/hooks/console');
    expect(again.headers['x-event-id']).toBe(first.headers['x-event-id']);
    await screenshot(page, 'admin-reseller-page-1366');

    const phone = await phonePage(browser, app.url);
    await signIn(phone);
    await phone.goto(`/admin/resellers/${reseller.userid}`);
    await phone.getByText('order.completed').waitFor();
    await screenshot(phone, 'admin-reseller-page-390');
    await phone.context().close();

    await page.getByRole('link', { name: 'Their orders' }).click();
    await page.waitForURL('**/admin/txn**');
    await page.getByText('API · console-1').waitFor();
    await page.getByText('Telegram bot').first().waitFor();
    await screenshot(page, 'admin-orders-api-1366');

    await page.goto(`/admin/resellers/${reseller.userid}`);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Key revoked.').waitFor();
    await page.getByText(/^Revoked \d{2}\/\d{2}\/\d{4}/).waitFor();
    const refused = await clientFor(app, { keyId, secret }).get('/api/reseller/v1/balance');
    expect(refused.status).toBe(401);
  });
});
