/// <reference lib="dom" />
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
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

  async function open(options: BrowserContextOptions & { firstVisit?: boolean } = {}) {
    const { firstVisit, ...contextOptions } = options;
    context = await browser.newContext({ baseURL: app.url, ...PHONE, ...contextOptions });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    if (!firstVisit) {
      await page.addInitScript(() => localStorage.setItem('popupClosedAt', String(Date.now())));
    }
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

  /** Holds the app's own code (React, the router, the pages) for good: the page as drawn. */
  const withoutTheApp = () =>
    page.route(/\/assets\/(start|shared)-[^/]*\.js$/, () => new Promise<void>(() => {}));

  /**
   * Holds the app's own code until the returned function is called: the entry runs and keeps what
   * the visitor does to the drawn page, the app is not there yet.
   */
  async function holdTheAppCode() {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(start|shared)-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  const brazilId = async () =>
    (
      await app.sql<{ id: string }>(
        `SELECT id FROM products WHERE name = 'Mobile Legends (Brazil server)'`,
      )
    )[0].id;
  const packsOfBrazil = () =>
    app.sql<{ id: string; name: string; discountedprice: string; resellprice: string }>(
      `SELECT i.id, i.name, i.discountedprice, i.resellprice FROM products p
       JOIN items i ON i.itemid = ANY (p.items)
       WHERE p.name = 'Mobile Legends (Brazil server)' AND i.instock ORDER BY i.itemid`,
    );
  const rupees = (paise: string) =>
    `₹${(Number(paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

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

  it('turns the offers and closes the pop-up on a first visit without the app', async () => {
    await open({ firstVisit: true });
    await withoutTheApp();
    // The page's time moves only when the test moves it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Claim 10% off' });
    await popup.waitFor();
    // The focus is in the pop-up and stays there, as the app's pop-up keeps it.
    const focusInPopup = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    expect(await focusInPopup()).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInPopup()).toBe(true);
    }
    await screenshot(page, 'static-first-screen-05-popup-without-the-app');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });

    const carousel = page.getByRole('region', { name: 'Offers' });
    const currentSlide = () =>
      carousel.locator('button[aria-current="true"]').getAttribute('aria-label');
    expect(await currentSlide()).toBe('Go to slide 1');
    await page.clock.runFor(5_500);
    expect(await currentSlide()).toBe('Go to slide 2');
    await carousel.getByRole('button', { name: 'Pause slides' }).click();
    await page.clock.runFor(20_000);
    expect(await currentSlide()).toBe('Go to slide 2');
    await carousel.getByRole('button', { name: 'Go to slide 1' }).click();
    expect(await currentSlide()).toBe('Go to slide 1');
    expect(await carousel.getByRole('img', { name: 'Offer 1' }).isVisible()).toBe(true);
    await screenshot(page, 'static-first-screen-06-carousel-without-the-app');

    // Closed a moment ago: the next page does not show the pop-up again.
    await page.goto('/');
    await tile('Genshin').waitFor();
    expect(await popup.count()).toBe(0);
  });

  it("starts the home page's app when the visitor uses the page, not before", async () => {
    await open();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Idle for a while: the page is as drawn, as nothing on it needs the app yet.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 3_000)));
    expect(await page.locator('[data-static-shell]').count()).toBe(1);

    // Where the focus is once the drawn page is gone, before any other task (a key press) runs.
    await page.evaluate(() => {
      const root = document.getElementById('root')!;
      const observer = new MutationObserver(() => {
        if (root.querySelector('[data-static-shell]')) return;
        observer.disconnect();
        // After every observer of this change (the app's hand-over is one), still in this task.
        queueMicrotask(() => {
          document.body.dataset.focusAtHandover = document.activeElement?.className ?? '';
        });
      });
      observer.observe(root, { childList: true });
    });
    // Reaching for the search field starts the app, which keeps the focus there.
    await page.getByLabel('Search games').focus();
    await page.locator('[data-static-shell]').waitFor({ state: 'detached' });
    expect(await page.locator('body').getAttribute('data-focus-at-handover')).toContain(
      'game-search-input',
    );
    await page.keyboard.type('genshin');
    await page.getByRole('heading', { name: 'Results for “genshin”' }).waitFor();
    expect(await page.locator('a.product-tile').count()).toBe(1);
  });

  it("keeps every key typed into the home page's search while the app takes over", async () => {
    await open();
    // A slow phone: the app's first render runs in slices, and keys come in between them.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/');
    await tile('Genshin').waitFor();
    await page.getByLabel('Search games').click();
    await page.keyboard.type('mobile legends brazil server', { delay: 40 });
    await page.locator('[data-static-shell]').waitFor({ state: 'detached' });
    await page
      .getByRole('heading', { name: 'Results for “mobile legends brazil server”' })
      .waitFor();
    expect(await page.getByLabel('Search games').inputValue()).toBe('mobile legends brazil server');
    expect(await page.locator('a.product-tile').allInnerTexts()).toEqual([
      expect.stringContaining('Brazil server'),
    ]);
  });

  it('draws the player form, the packs and the summary of a product page before the app', async () => {
    await open();
    await withoutTheApp();
    await page.goto(`/product/${await brazilId()}`);
    const packs = page.locator('.item-card');
    await packs.first().waitFor();
    const inStock = await packsOfBrazil();
    expect(await packs.count()).toBeGreaterThanOrEqual(inStock.length);
    // The first pack in stock is chosen, named with its price in the summary and the buy bar.
    const chosen = page.locator('.item-card[aria-pressed="true"]');
    expect(await chosen.count()).toBe(1);
    expect(await chosen.innerText()).toContain(inStock[0].name);
    const bar = page.getByRole('region', { name: 'Your order' });
    expect(await bar.innerText()).toContain(rupees(inStock[0].discountedprice));
    expect(await page.getByLabel('User ID').getAttribute('placeholder')).toBe('e.g. 123456789');
    expect(await page.getByText('1 to 5 digits, in brackets after your ID.').isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Check Username' }).isVisible()).toBe(true);
    await screenshot(page, 'static-first-screen-07-product-form-before-the-app');

    // A tap on another pack is answered at once: it is chosen, and the bar says so.
    await packs.filter({ hasText: inStock[2].name }).first().click();
    expect(await chosen.innerText()).toContain(inStock[2].name);
    expect(await bar.innerText()).toContain(inStock[2].name);
    expect(await bar.innerText()).toContain(rupees(inStock[2].discountedprice));
    expect(await page.locator('[data-static-shell]').count()).toBe(1);
  });

  it("starts a product page's app on first use and carries over what the visitor did", async () => {
    await open();
    // While the app's code is on its way: the ids typed, a pack tapped, the sign-in pressed.
    const release = await holdTheAppCode();
    const packs = await packsOfBrazil();
    await page.goto(`/product/${await brazilId()}`);
    await page.locator('#static-player-1').fill('10000001');
    await page.locator('#static-player-2').fill('1001');
    await page.locator('.item-card').filter({ hasText: packs[3].name }).first().click();
    await page.locator('[data-shell-key="bar-login"]').click();
    expect(await page.locator('[data-static-shell]').count()).toBe(1);
    release();

    // The app made the same presses with what was typed: the sign-in keeps the order's details.
    await page.waitForURL('**/login');
    const returnTo = await page.evaluate(() => sessionStorage.getItem('zs_return_to'));
    const kept = new URL(returnTo!, app.url);
    expect(kept.searchParams.get('item')).toBe(packs[3].id);
    expect(kept.searchParams.get('input1')).toBe('10000001');
    expect(kept.searchParams.get('input2')).toBe('1001');
  });

  it('keeps typing that runs through the moment the app takes over', async () => {
    await open();
    await page.goto(`/product/${await brazilId()}`);
    await page.waitForLoadState('networkidle');
    // Idle for a while: the page is as drawn, as nothing on it needs the app yet.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 3_000)));
    expect(await page.locator('[data-static-shell]').count()).toBe(1);
    await page.locator('#static-player-1').focus();
    await page.keyboard.type('123456789012', { delay: 20 });
    await page.locator('[data-static-shell]').waitFor({ state: 'detached' });
    expect(await page.getByLabel('User ID').inputValue()).toBe('123456789012');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-shell-key'))).toBe(
      'player-1',
    );
  });

  it("hides the public pack prices from a reseller's drawn product page", async () => {
    await open();
    await shopper(app, () => page).logIn('reseller@example.com', 'Reseller@12345');
    const packs = await packsOfBrazil();
    const release = await holdTheApp();
    await page.goto(`/product/${await brazilId()}`, { waitUntil: 'commit' });
    const publicPrice = page
      .locator('[data-static-shell] .item-card')
      .first()
      .getByText(rupees(packs[0].discountedprice));
    await publicPrice.waitFor({ state: 'attached' });
    expect(await publicPrice.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Please Login First' }).first().isVisible()).toBe(
      false,
    );
    release();
    await page.locator('.item-card').first().getByText(rupees(packs[0].resellprice)).waitFor();
  });

  it('draws a product page in Hindi on a laptop without any script', async () => {
    await open({
      javaScriptEnabled: false,
      viewport: { width: 1366, height: 768 },
      isMobile: false,
      hasTouch: false,
      deviceScaleFactor: 1,
    });
    await page.goto(`/product/${await brazilId()}?lang=hi`);
    await page.getByRole('heading', { name: 'रिचार्ज चुनें' }).waitFor();
    expect(await page.locator('#static-player-1').getAttribute('placeholder')).toBe('जैसे 123456789');
    expect(await page.getByRole('button', { name: 'कृपया पहले लॉग इन करें' }).first().isVisible()).toBe(
      true,
    );
    await screenshot(page, 'static-first-screen-08-product-hindi-laptop-without-script');
  });

  it("keeps a signed-in customer's typing begun on the drawn page over their last player", async () => {
    await open();
    await shopper(app, () => page).logIn('user@example.com', 'User@12345');
    const product = await brazilId();
    const [{ userid }] = await app.sql<{ userid: string }>(
      `SELECT userid FROM users WHERE email = 'user@example.com'`,
    );
    // The last player bought for on this device: the app fills it in when it starts.
    await page.evaluate(
      ([key]) => localStorage.setItem(key, JSON.stringify({ input1: '55555555', input2: '55' })),
      [`zs_player:${userid}:${product}`],
    );
    const release = await holdTheAppCode();
    await page.goto(`/product/${product}`);
    await page.locator('#static-player-1').focus();
    release();
    await page.locator('[data-static-shell]').waitFor({ state: 'detached' });
    // The field the customer reached stays as they saw it, and what they type is all it holds.
    await page.keyboard.type('10000001');
    expect(await page.getByLabel('User ID').inputValue()).toBe('10000001');
  });

  it('keeps the ID guide open that the visitor opened before the app took over', async () => {
    await open();
    const release = await holdTheAppCode();
    await page.goto(`/product/${await brazilId()}`);
    await page.getByText('Where do I find my User ID?').click();
    expect(await page.locator('details.id-guide').getAttribute('open')).toBe('');
    release();
    await page.locator('[data-static-shell]').waitFor({ state: 'detached' });
    await page.locator('details.id-guide[open]').waitFor();
    expect(await page.getByRole('img', { name: 'Where to find your User ID' }).isVisible()).toBe(
      true,
    );
  });

  it('makes a press whose finger was lifted only after the app took over', async () => {
    await open();
    const release = await holdTheAppCode();
    await page.goto(`/product/${await brazilId()}`);
    const drawn = await page.locator('[data-shell-key="how-to-purchase"]').boundingBox();
    // Down on the drawn button; the app replaces it before the press ends, so the browser itself
    // sends no click for it.
    await page.mouse.move(drawn!.x + drawn!.width / 2, drawn!.y + drawn!.height / 2);
    await page.mouse.down();
    release();
    await page.locator('[data-static-shell]').waitFor({ state: 'detached' });
    await page.mouse.up();
    await page.getByRole('dialog', { name: 'How To Purchase?' }).waitFor();
  });
});
