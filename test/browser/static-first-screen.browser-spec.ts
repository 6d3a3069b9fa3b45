/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop } from '../utils/browser.js';
import { shopper } from '../utils/shop.js';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/**
 * The first screen of the home and product pages comes with the HTML (issue 26, speed on a busy
 * phone): a phone shows the tiles and the product's heading before the app's script has run, and
 * the app takes over without showing anyone prices that are not theirs.
 */
describe('the first screen before the app starts', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function open(options: { javaScriptEnabled?: boolean } = {}) {
    context = await browser.newContext({ baseURL: app.url, ...PHONE, ...options });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.addInitScript(() => localStorage.setItem('popupClosedAt', String(Date.now())));
  }
  afterEach(() => context?.close());

  /** Holds the app's script until the returned function is called: the page as the HTML drew it. */
  async function holdTheApp() {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  const tile = (region: string) =>
    page.locator('a.product-tile').filter({ hasText: region }).first();
  const cheapest = async (column: 'discountedprice' | 'resellprice') =>
    Number(
      (
        await app.sql<{ price: string }>(
          `SELECT min(i.${column}) AS price FROM products p JOIN items i ON i.itemid = ANY (p.items)
           WHERE p.name = 'Mobile Legends (Brazil server)' AND i.instock`,
        )
      )[0].price,
    ) / 100;

  it('shows the tiles, their prices and a product page without any script', async () => {
    await open({ javaScriptEnabled: false });
    await page.goto('/');
    const brazil = tile('Brazil server');
    await brazil.getByText(`from ₹${await cheapest('discountedprice')}`).waitFor();
    expect(await page.locator('a.product-tile').count()).toBeGreaterThan(4);
    expect(await page.getByRole('heading', { name: 'TRENDING DISCOUNTS' }).isVisible()).toBe(true);
    await screenshot(page, 'static-first-screen-01-home-without-script');

    // A tile is a plain link: the product page opens, drawn by the server too.
    await brazil.click();
    await page.waitForURL('**/product/**');
    await page.getByRole('heading', { level: 1, name: 'Mobile Legends (Brazil server)' }).waitFor();
    expect(await page.getByText('How To Purchase?').isVisible()).toBe(true);
    await screenshot(page, 'static-first-screen-02-product-without-script');
  });

  it('then hands the page to the app, which keeps what the visitor typed', async () => {
    await open();
    const release = await holdTheApp();
    // The page's load waits for the app's script: what the HTML drew is there before it.
    await page.goto('/', { waitUntil: 'commit' });
    await tile('Genshin').waitFor();
    await page.getByLabel('Search games').fill('genshin');
    release();
    // The app's field, under its own id, with the same words and the matching tile alone.
    await page.getByRole('heading', { name: 'Results for “genshin”' }).waitFor();
    expect(await page.getByLabel('Search games').inputValue()).toBe('genshin');
    expect(await page.locator('[data-static-shell]').count()).toBe(0);
    expect(await page.locator('a.product-tile').count()).toBe(1);
  });

  it("never shows a signed-in reseller the public prices, nor the visitor's Login", async () => {
    await open();
    const [retail, trade] = [await cheapest('discountedprice'), await cheapest('resellprice')];
    expect(trade).toBeLessThan(retail);
    await shopper(app, () => page).logIn('reseller@example.com', 'Reseller@12345');

    const release = await holdTheApp();
    await page.goto('/home', { waitUntil: 'commit' });
    const publicPrice = tile('Brazil server').getByText(`from ₹${retail}`);
    await publicPrice.waitFor({ state: 'attached' });
    expect(await publicPrice.isVisible()).toBe(false);
    expect(
      await page
        .getByText(/^Up to \d+% off$/)
        .first()
        .isVisible(),
    ).toBe(false);
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(false);
    await screenshot(page, 'static-first-screen-03-reseller-before-the-app');

    release();
    await tile('Brazil server').getByText(`from ₹${trade}`).waitFor();
    expect(await tile('Brazil server').getByText(`from ₹${retail}`).count()).toBe(0);
    await screenshot(page, 'static-first-screen-04-reseller-with-the-app');
  });
});
