import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_PATH } from './env.js';

export const ARTIFACTS = path.resolve('test-artifacts/browser');

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
