/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { ARTIFACTS, launchBrowser, phonePage, screenshot, startShop } from '../utils/browser.js';
import { catalogEntry, newShopper, orderBody } from '../e2e/money.helpers.js';
import { testPlayer } from '../e2e/supplier.helpers.js';

const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };
const SHOPPER = { email: 'user@example.com', password: 'User@12345' };

/** A 1x1 PNG, enough for the gallery's upload and preview. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The admin console in Chromium against the whole store: the screens of spec 002. */
describe('admin console in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;

  beforeAll(async () => {
    app = await startShop({
      RATE_LIMIT_LOGIN: '100/60',
      // A Smile.one player ending in 99 is held 30 s: the adapter gives up after 1 s.
      PROVIDER_TIMEOUT_MS: '1000',
    });
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: app.url,
      viewport: { width: 1440, height: 900 },
      colorScheme: 'dark',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    const login = await app.http().post('/api/auth/login').send(ADMIN).expect(200);
    adminToken = login.body.token as string;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const admin = () => ({ Authorization: `Bearer ${adminToken}` });

  const button = (name: string | RegExp) =>
    page.getByRole('button', { name, exact: typeof name === 'string' });
  /** An input by its label; required fields add a thin space and '*' to the label. */
  const labelled = (label: string) =>
    new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
  const input = (label: string) =>
    page.getByLabel(labelled(label)).and(page.locator('input, textarea'));
  const toast = (text: string) => page.getByText(text, { exact: true }).first();

  async function choose(label: string | Locator, option: string) {
    const box =
      typeof label === 'string' ? page.getByRole('combobox', { name: label, exact: true }) : label;
    await box.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function walletOrder() {
    const shopper = await app.http().post('/api/auth/login').send(SHOPPER).expect(200);
    const [entry] = await app.sql<{ product_id: string; item_id: string; itemid: string }>(
      `SELECT p.id AS product_id, i.id AS item_id, i.itemid FROM products p
       JOIN items i ON i.itemid = ANY(p.items) WHERE p.name = 'BGMI' AND i.instock
       ORDER BY i.itemid LIMIT 1`,
    );
    const response = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set({ Authorization: `Bearer ${shopper.body.token}` })
      .set('Idempotency-Key', randomUUID())
      .send({
        itemid: Number(entry.itemid),
        item_id: entry.item_id,
        product_id: entry.product_id,
        userid: shopper.body.user.userid,
        input1: '5123456789',
        input2: 'Ravi',
      });
    expect(response.status).toBeLessThan(300);
    const [order] = await app.sql<{ id: string; orderid: string; status: string }>(
      `SELECT o.id, o.orderid, o.status FROM orders o JOIN users u ON u.id = o.user_id
       WHERE u.email = $1 ORDER BY o.created_at DESC LIMIT 1`,
      [SHOPPER.email],
    );
    expect(order.status).toBe('Processing');
    return order;
  }

  /** An MLBB Brazil order whose only pack times out at Smile.one: `unknown`, flagged. */
  async function orderWithUnknownPack() {
    const shopper = await newShopper(app, { balance: 100_000 });
    const entry = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
    const placed = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .set('Idempotency-Key', randomUUID())
      .send(
        orderBody(shopper, entry, {
          input1: testPlayer('99'),
          input2: '1234',
          paymentmode: 'wallet',
        }),
      )
      .expect(200);
    const orderid = placed.body.orderid as string;
    const flagged = async () =>
      (
        await app.sql<{ delivery_status: string }>(
          'SELECT delivery_status FROM orders WHERE orderid = $1',
          [orderid],
        )
      )[0].delivery_status === 'needs_attention';
    for (let wait = 0; !(await flagged()); wait += 1) {
      if (wait === 100) throw new Error(`order ${orderid} was never flagged`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return orderid;
  }

  it('sends a shopper, and a shopper token, to the login page', async () => {
    await page.goto('/admin/');
    await page.waitForURL('**/admin/login');
    await input('Email').fill(SHOPPER.email);
    await input('Password').fill(SHOPPER.password);
    await button('Sign in').click();
    await toast('You do not have access to this.').waitFor();
    await screenshot(page, 'admin-00-login-refused');

    const shopper = await app.http().post('/api/auth/login').send(SHOPPER).expect(200);
    // The session the storefront keeps, which the console shares.
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('isLoggedIn', 'true');
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
        localStorage.setItem('expiryTime', String(Date.now() + 3_600_000));
      },
      { token: shopper.body.token as string, user: shopper.body.user as unknown },
    );
    await page.goto('/admin/usersdata');
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('logs in as the admin, sees the overview and queries the supplier points', async () => {
    await input('Email').fill(ADMIN.email);
    await input('Password').fill(ADMIN.password);
    await button('Sign in').click();
    // Back to where the refused session was headed, then to the overview.
    await page.waitForURL('**/admin/usersdata');
    await page.getByRole('menuitem', { name: 'Overview' }).click();
    await page.waitForURL(/\/admin\/?$/);

    await page.getByText('Total orders', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Sales, last 30 days' }).waitFor();
    await button('Fetch BR points').click();
    await toast('Points fetched successfully').waitFor();
    await button('Fetch PH points').click();
    await page.waitForFunction(
      () => document.querySelector('[data-points="PH"]')?.textContent !== '—',
    );
    await screenshot(page, 'admin-01-overview');
  });

  it('refunds a pending order with a reason', async () => {
    const order = await walletOrder();
    await page.getByRole('menuitem', { name: 'Pending Orders' }).click();
    const card = page.locator(`[data-order="${order.orderid}"]`);
    await card.waitFor();
    await card.getByLabel('Reason (optional)').fill('Player id not found');
    await screenshot(page, 'admin-02-pending-orders');
    await card.getByRole('button', { name: 'Refund', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Refund ₹/ })
      .click();
    await toast('Order updated successfully.').waitFor();
    await card.waitFor({ state: 'detached' });
    const [after] = await app.sql<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      order.id,
    ]);
    expect(after.status).toBe('Refunded');
    const left = await app.http().get('/api/admin/processing').set(admin()).expect(200);
    if ((left.body as unknown[]).length === 0) await page.getByText('No pending orders.').waitFor();
  });

  it('changes a price and the public catalogue shows it', async () => {
    const [entry] = await app.sql<{ product_id: string; itemid: string; name: string }>(
      `SELECT p.id AS product_id, i.itemid, i.name FROM products p
       JOIN items i ON i.itemid = ANY(p.items) WHERE p.name = 'BGMI' ORDER BY i.itemid LIMIT 1`,
    );
    await page.getByRole('menuitem', { name: 'Update Products and Items' }).click();
    const price = page.getByLabel(`Price ${entry.name}`, { exact: true }).first();
    await price.fill('377');
    await page
      .getByRole('button', { name: `Save ${entry.name}`, exact: true })
      .first()
      .click();
    await toast('Price updated successfully').waitFor();
    await screenshot(page, 'admin-03-prices');

    const items = await app.http().get(`/api/item/${entry.product_id}`).expect(200);
    const body = items.body as { items?: { itemid: number; discountedprice: number }[] };
    const item = (body.items ?? []).find((row) => row.itemid === Number(entry.itemid));
    expect(item?.discountedprice).toBe(377);
  });

  it('adds wallet balance to a user', async () => {
    const balance = async () =>
      Number(
        (
          await app.sql<{ balance: string }>('SELECT balance FROM users WHERE email = $1', [
            SHOPPER.email,
          ])
        )[0].balance,
      ) / 100;
    const before = await balance();
    await page.getByRole('menuitem', { name: 'User Data' }).click();
    const row = page.getByRole('row').filter({ hasText: SHOPPER.email });
    await row.getByRole('button', { name: 'Add balance' }).click();
    await page.getByLabel('Amount (₹)').fill('150');
    await screenshot(page, 'admin-04-add-balance');
    await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    await toast('Balance added successfully.').waitFor();
    expect(await balance()).toBe(before + 150);
  });

  it('browses all orders with a search and an empty result', async () => {
    const [order] = await app.sql<{ orderid: string }>(
      'SELECT orderid FROM orders ORDER BY created_at DESC LIMIT 1',
    );
    await page.getByRole('menuitem', { name: 'All Orders' }).click();
    await page.getByText(/Showing 1 to \d+ of \d+ transactions/).waitFor();
    await page.getByPlaceholder('Search').fill(order.orderid);
    await page.getByRole('cell', { name: order.orderid }).waitFor();
    await screenshot(page, 'admin-05-all-orders');
    await page.getByPlaceholder('Search').fill(`no-such-order-${Date.now()}`);
    await page.getByText('No orders found matching your criteria.').waitFor();
    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByPlaceholder('Search').fill('');
    await page.getByText(order.orderid).first().waitFor();
    await page.getByRole('button', { name: 'Table view' }).click();
  });

  it('filters the wallet transactions by type', async () => {
    await page.getByRole('menuitem', { name: 'Wallet Transactions' }).click();
    await choose('Type', 'Credit');
    await page.getByRole('columnheader', { name: 'For Order' }).waitFor();
    // The table shows the unfiltered rows until the filtered answer arrives.
    await page.waitForFunction(() => {
      const types = [...document.querySelectorAll('tbody tr td:nth-child(2)')].map(
        (cell) => cell.textContent,
      );
      return types.length > 0 && types.every((type) => type === 'Credit');
    });
    await screenshot(page, 'admin-06-wallet-transactions');
    await page.getByPlaceholder('Search').fill(`nobody-${Date.now()}@example.com`);
    await page.getByText('No transactions found').waitFor();
  });

  it('uploads, copies and deletes a gallery image', async () => {
    const file = path.join(ARTIFACTS, '..', 'admin-upload.png');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, PNG);
    await page.getByRole('menuitem', { name: 'Image Gallery' }).click();
    await button('Upload').click();
    await toast('Please provide all required fields!').waitFor();

    const title = `Diwali banner ${Date.now()}`;
    await input('Title').fill(title);
    await input('Redirect URL (optional)').fill('/product/bgmi');
    // The upload form's type is required (label 'Type *'); the table's filter is not.
    await choose(
      page.getByRole('combobox', { name: 'Type' }).and(page.locator('[aria-required="true"]')),
      'Banner',
    );
    await page.getByLabel('Image file').setInputFiles(file);
    await page.getByRole('img', { name: 'Preview' }).waitFor();
    await screenshot(page, 'admin-07-gallery-upload');
    await button('Upload').click();
    await toast('Image uploaded successfully!').waitFor();

    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Copy' }).click();
    await toast('URL copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/uploads\//);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete this image?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await toast('Image deleted successfully!').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('creates an item, a product using it and a coupon, after their validation messages', async () => {
    await page.getByRole('menuitem', { name: 'Create Item' }).click();
    await input('Name').fill('1800 UC');
    await button('Save').click();
    await toast('Valid Original Price is required.').waitFor();
    await input('Original Price').fill('2500');
    await input('Discounted Price').fill('2350');
    await input('Resell Price').fill('2300');
    await input('Image Path').fill('/images/uc.png');
    await button('Save').click();
    await toast('Item created successfully!').waitFor();
    await page.waitForURL('**/admin/viewitems');
    const [item] = await app.sql<{ itemid: string }>(
      `SELECT itemid FROM items WHERE name = '1800 UC'`,
    );

    await page.getByRole('menuitem', { name: 'Create Product' }).click();
    await page.getByLabel('Label', { exact: true }).nth(1).waitFor();
    expect(await page.getByLabel('Label', { exact: true }).count()).toBe(2);
    expect(await page.getByLabel('Item ID', { exact: true }).count()).toBe(1);
    await button('Save').click();
    await toast('Name is required.').waitFor();
    await screenshot(page, 'admin-08-create-product-invalid');
    await input('Name').fill('Free Fire Max');
    await input('Type').fill('ml bb');
    expect(await input('Type').inputValue()).toBe('MLBB');
    await choose('Category', 'games');
    await input('Image Path').fill('/images/ff.png');
    await page.getByLabel('Item ID', { exact: true }).fill(item.itemid);
    await button('Save').click();
    await toast('All input fields must have labels.').waitFor();
    await page.getByLabel('Label', { exact: true }).nth(0).fill('Player ID');
    await page.getByLabel('Label', { exact: true }).nth(1).fill('Server');
    await button('Save').click();
    await toast('Product created successfully!').waitFor();
    await page.waitForURL('**/admin/viewproducts');
    const product = page.getByRole('row').filter({
      has: page.getByRole('cell', { name: 'Free Fire Max', exact: true }),
    });
    await product.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel(labelled('Name')).fill('Free Fire Max India');
    await screenshot(page, 'admin-09-product-edit');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await toast('Product updated successfully!').waitFor();
    await page.getByRole('cell', { name: 'Free Fire Max India', exact: true }).waitFor();

    await page.getByRole('menuitem', { name: 'Create Coupon' }).click();
    await input('Coupon Code').fill('diwali 50');
    expect(await input('Coupon Code').inputValue()).toBe('DIWALI50');
    await button('Save').click();
    await toast('Please fill in all required fields').waitFor();
    await page.getByText('Expiry Date is required').waitFor();
    await screenshot(page, 'admin-10-create-coupon-invalid');
    await input('Discount Percentage').fill('10');
    await input('Expiry Date').fill('2031-12-31');
    await input('Minimum Purchase Amount').fill('99');
    await input('Maximum Discount Amount').fill('50');
    await input('Usage Limit').fill('100');
    await input('User Limit').fill('1');
    await button('Save').click();
    await toast('Coupon created successfully!').waitFor();
    await page.waitForURL('**/admin/getcoupons');
    const row = page.getByRole('row').filter({ hasText: 'DIWALI50' });
    await row.getByText('0/100').waitFor();
    await screenshot(page, 'admin-11-coupons');

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Discount Percentage').fill('150');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Please fill in all required fields correctly').waitFor();
    await dialog.getByText('Valid Discount Percentage is required (0-100)').waitFor();
    await dialog.getByLabel('Discount Percentage').fill('15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Coupon edited successfully!').waitFor();
    await row.getByText('15%').waitFor();

    await row.getByRole('button', { name: 'Delete' }).click();
    // One coupon, named: not react-admin's wording for the whole resource.
    await page.getByRole('dialog').getByText('Delete coupon DIWALI50', { exact: true }).waitFor();
    await page.getByText('Are you sure you want to delete this coupon?').waitFor();
    await screenshot(page, 'admin-11b-coupon-delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await toast('Coupon deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('settles an unknown supplier pack as delivered, which completes the order', async () => {
    const orderid = await orderWithUnknownPack();
    await page.getByRole('menuitem', { name: 'Pending Orders' }).click();
    const card = page.locator(`[data-order="${orderid}"]`);
    const pack = card.locator('[data-pack="1"]');
    await pack.getByText('Pack 1: unknown', { exact: true }).waitFor();
    await card.getByText('Delivery: needs_attention', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Retry delivery', exact: true }).waitFor();
    await screenshot(page, 'admin-13-unknown-pack');

    await pack.getByRole('button', { name: 'Mark delivered', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Check the supplier dashboard first. Mark pack 1 as delivered?', { exact: true })
      .waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast('Pack settled.').waitFor();
    await card.waitFor({ state: 'detached' });
    const [after] = await app.sql<{ status: string }>(
      'SELECT status FROM orders WHERE orderid = $1',
      [orderid],
    );
    expect(after.status).toBe('Completed');
  });

  it('lists the settled pack in the audit log, with its before and after', async () => {
    const [settled] = await app.sql<{ entity_id: string }>(
      `SELECT entity_id FROM audit_log WHERE action = 'order.settle-pack' ORDER BY id DESC LIMIT 1`,
    );
    await page.getByRole('menuitem', { name: 'Audit Log' }).click();
    await page.getByRole('columnheader', { name: 'Entity id' }).waitFor();
    await choose('Action', 'order.settle-pack');
    const row = page.getByRole('row').filter({ hasText: settled.entity_id });
    await row.getByRole('cell', { name: ADMIN.email, exact: true }).waitFor();
    await page.waitForFunction(() => {
      const actions = [...document.querySelectorAll('tbody tr td:nth-child(4)')].map(
        (cell) => cell.textContent,
      );
      return actions.length > 0 && actions.every((action) => action === 'order.settle-pack');
    });
    await row.getByRole('cell', { name: 'order.settle-pack', exact: true }).click();
    // The panel slides open; the screenshot waits for the end of the slide.
    const changes = page.locator('.MuiCollapse-entered [data-audit-changes]');
    await changes.getByText('"status": "unknown"', { exact: false }).waitFor();
    await changes.getByText('"status": "confirmed"', { exact: false }).waitFor();
    await screenshot(page, 'admin-14-audit-log');
  });

  it('is usable at phone size', async () => {
    const phone = await phonePage(browser, app.url);
    try {
      await phone.goto('/admin/login');
      await phone.getByLabel(labelled('Email')).and(phone.locator('input')).fill(ADMIN.email);
      await phone.getByLabel(labelled('Password')).and(phone.locator('input')).fill(ADMIN.password);
      await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
      await phone.waitForURL(/\/admin\/?$/);
      await phone.getByRole('button', { name: 'Fetch BR points' }).waitFor();
      await screenshot(phone, 'admin-12-phone-overview');
    } finally {
      await phone.context().close();
    }
  });
});
