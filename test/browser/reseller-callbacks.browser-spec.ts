import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, phonePage, screenshot, startShop } from '../utils/browser.js';
import { shopper } from '../utils/shop.js';
import { waitFor } from '../utils/wait.js';
import { startReceiver } from '../e2e/callback-receiver.js';
import { credit, sessionOf, testItem } from '../e2e/money.helpers.js';
import { adminCreatesKey, clientFor } from '../e2e/reseller.helpers.js';

/** The reseller sets a key's callback URL on the dashboard, sees the delivery and re-sends it. */
describe('callbacks on the reseller dashboard', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startShop({ DELIVERY_ENABLED: 'false' });
    browser = await launchBrowser();
    page = await phonePage(browser, app.url);
    page.setDefaultTimeout(15_000);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await receiver?.close();
  });

  it('saves the callback URL, lists the delivered event and sends it again', async () => {
    const reseller = await sessionOf(app, 'reseller@example.com');
    await credit(app, reseller, 20_000);
    const key = await adminCreatesKey(app, reseller, { label: 'Shop bot' });
    await shopper(app, () => page).logIn('reseller@example.com', 'Reseller@12345');
    await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'Callbacks' });
    await section.getByText('No callbacks sent yet.').waitFor();
    await section.getByLabel('Callback URL').fill(receiver.url('/hooks/dashboard'));
    await section.getByRole('button', { name: 'Save callback URL' }).click();
    await page.getByText('Callback URL saved.').waitFor();

    const pack = await testItem(app, 8_000);
    const placed = await clientFor(app, key).post('/api/reseller/v1/orders', {
      reference: 'dash-1',
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
    await waitFor(() => receiver.at('/hooks/dashboard').length === 1);

    await page.reload();
    const deliveries = section.getByRole('list', { name: 'Callback deliveries' });
    await deliveries.getByText('order.completed · dash-1').waitFor();
    await deliveries.getByText(/Delivered · 1 try · HTTP 200/).waitFor();
    await screenshot(page, 'reseller-callbacks-01-log');
    await section.getByRole('button', { name: 'Re-send order.completed of dash-1' }).click();
    await page.getByText('Sent again.').waitFor();
    await waitFor(() => receiver.at('/hooks/dashboard').length === 2);
    const [first, again] = receiver.at('/hooks/dashboard');
    expect(again.headers['x-event-id']).toBe(first.headers['x-event-id']);
  });
});
