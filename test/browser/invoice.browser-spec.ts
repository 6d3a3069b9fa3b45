import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop, PHONE, pageAt } from '../utils/browser.js';
import { pdfText } from '../utils/pdf-text.js';
import { placeWalletOrder, shopper } from '../utils/shop.js';

const EMAIL = 'user@example.com';
const PASSWORD = 'User@12345';

/** A customer sets their state on the profile, buys with Z-Coins and downloads the tax invoice. */
describe('the tax invoice in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const shop = () => shopper(app, () => page);

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    page = await pageAt(browser, app.url, PHONE);
  });
  afterEach(() => page.context().close());

  it('downloads the invoice of a paid order from My Orders, with the state from the profile', async () => {
    await shop().logIn(EMAIL, PASSWORD);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('State').selectOption({ label: 'Maharashtra' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Maharashtra', { exact: true }).waitFor();

    const orderid = await placeWalletOrder(app, EMAIL, PASSWORD, {
      product: 'BGMI',
      pack: '60 UC',
      input1: '5123456789',
      input2: 'Ravi',
    });
    await page.goto('/orders');
    const card = page.locator('li', { hasText: orderid });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download invoice' }).click(),
    ]);
    await screenshot(page, 'invoice-orders');
    const path = await download.path();
    const text = pdfText(await readFile(path));
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`Order: ${orderid}`);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toMatch(/IGST @ 18%/);
  });
});
