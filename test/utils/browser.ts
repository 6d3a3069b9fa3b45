import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startTestApp } from './app.js';
import { CHROME_PATH } from './env.js';
import { freePort } from './process.js';

export const ARTIFACTS = path.resolve('test-artifacts/browser');

/**
 * A store in this process that serves the built storefront and console on a port of its own,
 * the address it gives customers (PUBLIC_URL); `env` adds to its settings.
 */
export async function startShop(env: Record<string, string> = {}) {
  const port = await freePort();
  return startTestApp(
    { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    { serveBuilds: true },
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** The screens the tests look through: most of the store's customers on a phone, some on a laptop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 768 };

/**
 * A page in a context of its own at `size`, a phone (touch, twice the pixels) below 600 px wide,
 * waiting at most 10 s for what it is told to find.
 */
export async function pageAt(browser: Browser, baseURL: string, size: typeof PHONE) {
  const phone = size.width < 600;
  const context = await browser.newContext({
    baseURL,
    viewport: size,
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** A phone-sized page (390x844), as most of the store's customers see it. */
export async function phonePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // A long page at twice the pixels takes a while on a busy machine: a picture is no assertion.
  await page.screenshot({
    path: path.join(ARTIFACTS, `${name}.png`),
    fullPage: true,
    timeout: 30_000,
  });
}

/**
 * Waits until the app has replaced the first screen the server drew: a signed-out visitor's home
 * and product pages hand over on first use, a signed-in visitor's once the browser is idle. Read
 * what only the app fills in (a remembered player, a measured layout) after it.
 */
export const appTookOver = (page: Page) =>
  page.locator('[data-static-shell]').waitFor({ state: 'detached' });

/** A desktop-sized page (1366x768). */
export async function desktopPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  return context.newPage();
}

/**
 * From the checkout's UPI sheet to the gateway's own payment page, the fallback link (the
 * simulator's page with Pay, Fail and Leave).
 */
export async function payOnGatewayPage(page: Page) {
  await page.getByRole('link', { name: 'Trouble paying? Pay on the payment page' }).click();
  await page.waitForURL('**/sandbox/upigateway/pay/**');
}

/** Taps a link of the UPI sheet that opens the sandbox's UPI app; answers the app's page. */
export async function openUpiApp(link: Locator) {
  const [upiApp] = await Promise.all([link.page().context().waitForEvent('page'), link.click()]);
  return upiApp;
}

/** Pays in the sandbox's UPI app and waits until it says the payment went through. */
export async function payInUpiApp(upiApp: Page) {
  await upiApp.getByRole('button', { name: 'Pay', exact: true }).click();
  await upiApp.getByText('Payment successful').waitFor();
}
