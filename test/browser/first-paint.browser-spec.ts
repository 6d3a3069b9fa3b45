/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop, PHONE, pageAt } from '../utils/browser.js';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * A fast, accessible first paint on a phone (issue 9 point 6): no layout shift on the home page,
 * one h1 and a title of its own per route, WCAG 2.2 AA contrast and target sizes in both themes,
 * a carousel that can be paused, and dialogs that keep and give back the keyboard focus.
 */
describe('first paint and accessibility in the browser', () => {
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

  const productId = async (name: string) =>
    (await app.sql<{ id: string }>('SELECT id FROM products WHERE name = $1', [name]))[0].id;

  /** A returning visitor: the offer popup was closed a moment ago, the theme is the one given. */
  const returningVisitor = (theme: 'dark' | 'light' = 'dark') =>
    page.addInitScript((chosen) => {
      localStorage.setItem('popupClosedAt', String(Date.now()));
      localStorage.setItem('theme', chosen);
    }, theme);

  const homeLoaded = async () => {
    await page.locator('.product-tile[href]').first().waitFor();
    await page.locator('.carousel-slide img').first().waitFor();
    await page.waitForLoadState('networkidle');
  };

  /** Adds up the page's layout shifts not caused by input, from its first paint on. */
  const recordLayoutShifts = () =>
    page.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >) {
          if (!entry.hadRecentInput) shifts.total += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  const layoutShifts = () =>
    page.evaluate(
      () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
    );

  it('keeps the home page still while it loads (CLS at most 0.05)', async () => {
    await returningVisitor();
    await recordLayoutShifts();
    await page.goto('/');
    await homeLoaded();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))),
    );
    const cls = await layoutShifts();
    await screenshot(page, 'first-paint-01-home');
    expect(cls).toBeLessThanOrEqual(0.05);
  });

  it('keeps the offer popup still while its image arrives, on a first visit', async () => {
    await recordLayoutShifts();
    // The image arrives once the popup is on screen, as on a slow network.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/uploads/demo/popup.svg', async (route) => {
      await held;
      await route.continue();
    });
    // The pop-up comes with the HTML: the page's load waits for its image.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const popup = page.getByRole('dialog', { name: 'Claim 10% off' });
    await popup.waitFor();
    const before = await layoutShifts();
    release();
    await popup
      .locator('img')
      .evaluate((img: HTMLImageElement) =>
        img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve)),
      );
    // Two frames after the image: any shift it caused has been reported.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
        ),
    );
    await screenshot(page, 'first-paint-01-popup');
    expect((await layoutShifts()) - before).toBeLessThanOrEqual(0.01);
  });

  it('gives each route one h1, a title of its own and a description', async () => {
    await returningVisitor();
    const routes = [
      '/',
      `/product/${await productId('BGMI')}`,
      '/login',
      '/register',
      '/otplogin',
      '/about',
      '/faq',
      '/no-such-page',
    ];
    const titles = new Map<string, string>();
    for (const route of routes) {
      await page.goto(route);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect({ route, h1: await page.locator('h1').count() }).toEqual({ route, h1: 1 });
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(30);
      titles.set(route, await page.title());
    }
    expect(new Set(titles.values()).size).toBe(routes.length);
    expect(titles.get(routes[1])).toContain('BGMI');
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`meets WCAG 2.2 AA contrast and target sizes on the home and a product page (${theme})`, async () => {
      await returningVisitor(theme);
      const violations: Record<string, AxeViolation[]> = {};
      for (const route of ['/', `/product/${await productId('Mobile Legends (Brazil server)')}`]) {
        await page.goto(route);
        if (route === '/') await homeLoaded();
        else {
          await page.getByRole('button', { name: /86 Diamonds/ }).waitFor();
          await page.waitForLoadState('networkidle');
        }
        await page.evaluate(axeSource);
        violations[route] = await page.evaluate(async () => {
          const result = await (
            window as unknown as {
              axe: {
                run: (
                  context: Document,
                  options: object,
                ) => Promise<{ violations: AxeViolation[] }>;
              };
            }
          ).axe.run(document, {
            runOnly: { type: 'rule', values: ['color-contrast', 'target-size'] },
          });
          return result.violations.map(({ id, nodes }) => ({
            id,
            nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
          }));
        });
        await screenshot(page, `first-paint-02-${theme}${route === '/' ? '-home' : '-product'}`);
      }
      expect(violations).toEqual(
        Object.fromEntries(Object.keys(violations).map((route) => [route, []])),
      );
    });
  }

  it('has a carousel with a pause button and dots of at least 24x24 px', async () => {
    await returningVisitor();
    await page.clock.install();
    await page.goto('/');
    await homeLoaded();
    const carousel = page.getByRole('region', { name: 'Offers' });
    const dots = carousel.getByRole('button', { name: /^Go to slide/ });
    expect(await dots.count()).toBe(2);
    for (const box of await Promise.all((await dots.all()).map((dot) => dot.boundingBox()))) {
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
    }
    const currentSlide = () =>
      carousel.locator('button[aria-current="true"]').getAttribute('aria-label');

    expect(await currentSlide()).toBe('Go to slide 1');
    await page.clock.runFor(5_500);
    expect(await currentSlide()).toBe('Go to slide 2');

    await carousel.getByRole('button', { name: 'Pause slides' }).click();
    await page.clock.runFor(20_000);
    expect(await currentSlide()).toBe('Go to slide 2');
    await screenshot(page, 'first-paint-03-carousel-paused');

    await carousel.getByRole('button', { name: 'Play slides' }).click();
    await page.clock.runFor(5_500);
    expect(await currentSlide()).toBe('Go to slide 1');
  });

  /** Tabs forward and back through a dialog and returns the names of what had the focus. */
  const focusWalk = async (presses: string[]) => {
    const inside: boolean[] = [];
    for (const key of presses) {
      await page.keyboard.press(key);
      inside.push(
        await page.evaluate(() =>
          Boolean(document.activeElement?.closest('[role="dialog"][aria-modal="true"]')),
        ),
      );
    }
    return inside;
  };

  it('keeps the focus inside the offer popup and gives it back when closed', async () => {
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Claim 10% off' });
    await popup.waitFor();
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
    ).toBe(true);
    expect(await focusWalk(['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab'])).toEqual(
      Array(6).fill(true),
    );
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
  });

  it('traps the focus in a dialog and returns it to the button that opened it', async () => {
    await returningVisitor();
    await page.goto(`/product/${await productId('BGMI')}`);
    const opener = page.getByRole('button', { name: 'How To Purchase?' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'How To Purchase?' });
    await dialog.waitFor();
    expect(await focusWalk(['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab'])).toEqual(
      Array(6).fill(true),
    );
    await screenshot(page, 'first-paint-04-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await drawer.waitFor();
    expect(await focusWalk(Array(12).fill('Tab'))).toEqual(Array(12).fill(true));
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
