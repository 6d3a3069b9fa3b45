/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop, PHONE, pageAt } from '../utils/browser.js';

/** Redirect URLs as they may sit in the database, whatever rule wrote them. */
const STORED = [
  '//evil.example/x',
  '/\\evil.example',
  '/..//evil.example',
  'javascript:alert(1)',
  'http://evil.example/',
  'https://shop.example@evil.example/',
  '/product/in-store',
  'https://partner.example/sale',
];

/**
 * The storefront renders carousel and popup links only to a page of the store or an https
 * address, whatever the gallery answer holds (the server filters it too; here the answer is
 * replaced on its way, so only the storefront's own check stands).
 */
describe('gallery links in the storefront', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startShop();
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

  const serveGallery = async (popupRedirect: string) => {
    const slides = STORED.map((redirectUrl) => ({ url: '/uploads/demo/popup.svg', redirectUrl }));
    const gallery = {
      CarouselMb: slides,
      CarouselPc: slides,
      Popup: [{ url: '/uploads/demo/popup.svg', redirectUrl: popupRedirect, title: 'Claim' }],
    };
    await page.route('**/api/gallery/images', (route) => route.fulfill({ json: gallery }));
    // The page comes with the gallery answer it was drawn from: that is replaced on its way too.
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /(<script type="application\/json" id="initial-data">)([\s\S]*?)(<\/script>)/,
        (_, open: string, json: string, close: string) => {
          const data = JSON.parse(json) as Record<string, unknown>;
          return `${open}${JSON.stringify({ ...data, gallery }).replace(/</g, '\\u003c')}${close}`;
        },
      );
      return route.fulfill({ response, body });
    });
  };

  /**
   * The home page as the app draws it from the replaced answer. The server draws the page's
   * first screen from the store's own gallery and the app starts on first use; a home page
   * opened with a query starts the app at once, and the drawn screen is then gone.
   */
  const openHomeWithTheApp = async () => {
    await page.goto('/?from=test');
    await page.locator('[data-static-shell]').waitFor({ state: 'detached' });
  };

  /** Every link's target, resolved as the browser would follow it. */
  const targets = (scope: string) =>
    page
      .locator(`${scope} a`)
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));

  it('links carousel slides only inside the store or to an https address', async () => {
    await page.addInitScript(() => localStorage.setItem('popupClosedAt', String(Date.now())));
    await serveGallery('/');
    await openHomeWithTheApp();
    await page
      .locator('.carousel-slide')
      .nth(STORED.length - 1)
      .waitFor({ state: 'attached' });
    await screenshot(page, 'gallery-links-01-carousel');
    expect(await targets('.carousel-track')).toEqual([
      `${app.url}/product/in-store`,
      'https://partner.example/sale',
    ]);
    expect(await page.locator('.carousel-track div.slide-link').count()).toBe(STORED.length - 2);
  });

  it('shows the popup button as no link when its redirect URL leaves the store', async () => {
    for (const [redirect, expected] of [
      ['//evil.example/x', []],
      ['/\\evil.example', []],
      ['https://partner.example/sale', ['https://partner.example/sale']],
    ] as const) {
      await page.unrouteAll();
      await serveGallery(redirect);
      await openHomeWithTheApp();
      const popup = page.getByRole('dialog', { name: 'Claim', exact: true });
      await popup.waitFor();
      expect({ redirect, links: await targets('.popup-card') }).toEqual({
        redirect,
        links: expected,
      });
      await page.evaluate(() => localStorage.clear());
    }
  });
});
