import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import {
  ARTIFACTS,
  desktopPage,
  launchBrowser,
  phonePage,
  startShop,
  openUpiApp,
  payInUpiApp,
} from '../utils/browser.js';

/**
 * Buying without an account: the product page asks for an e-mail, a mobile and the state, the
 * guest pays by a UPI app on a phone or by QR on a desktop (the sandbox's app page plays the
 * app), and the confirmation page follows the order for the guest.
 */
describe('Guest checkout in the browser', () => {
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
  afterEach(() => page?.context().close());
  const JOURNEY_MS = 120_000;

  const screenshot = (shown: Page, name: string) =>
    shown.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  const input = (label: string) =>
    page.getByLabel(label, { exact: true }).and(page.locator('input, select'));
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const sheetStatus = () => page.locator('.upi-pay-status');

  /** 86 Diamonds for the sandbox's MLBB player, as a guest, up to the UPI sheet. */
  async function orderAsGuest(guestButton: string, mobile: string) {
    const [{ id }] = await app.sql<{ id: string }>('SELECT id FROM products WHERE name = $1', [
      'Mobile Legends (Brazil server)',
    ]);
    await page.goto(`/product/${id}`);
    await input('User ID').fill('10000001');
    await input('Zone ID').fill('1001');
    await page.getByRole('button', { name: /\b86 Diamonds/ }).click();
    await button('Check Username').click();
    await page.getByText('Username: SandboxHero').first().waitFor();
    await screenshot(
      page,
      `guest-checkout-${guestButton === 'Buy as guest' ? 'phone' : 'desktop'}-00-product`,
    );
    await button(guestButton).click();
    const sheet = page.getByRole('dialog', { name: 'Buy without an account' });
    await sheet.waitFor();
    await sheet.getByText('Coupons and Z-Coins are for signed-in customers.').waitFor();
    await input('E-mail').fill(`guest.${mobile}@example.com`);
    await input('Mobile number').fill(mobile);
    await input('State').selectOption({ label: 'Maharashtra' });
    await screenshot(
      page,
      `guest-checkout-${guestButton === 'Buy as guest' ? 'phone' : 'desktop'}-01-details`,
    );
    const created = page.waitForResponse((r) => r.url().endsWith('/api/order/guest'));
    await page.getByRole('button', { name: /^Pay ₹119(\.00)? by UPI$/ }).click();
    const answer = (await (await created).json()) as { data: { orderid: string } };
    await page.getByRole('dialog', { name: 'Pay by UPI' }).waitFor();
    return answer.data.orderid;
  }

  const guestRow = async (orderid: string) =>
    (
      await app.sql<{ guest: boolean; status: string }>(
        'SELECT guest, status FROM orders WHERE orderid = $1',
        [orderid],
      )
    )[0];

  it(
    'a guest pays with a UPI app on a phone and sees the order Processing',
    async () => {
      page = await phonePage(browser, app.url);
      page.setDefaultTimeout(15_000);
      const orderid = await orderAsGuest('Buy as guest', '9811100001');
      const sheet = page.getByRole('dialog', { name: 'Pay by UPI' });
      await sheet.getByText('₹119').waitFor();
      const apps = sheet.getByRole('group', { name: 'Pay with a UPI app' }).getByRole('link');
      expect(await apps.allInnerTexts()).toContain('Google Pay');
      await screenshot(page, 'guest-checkout-phone-02-apps');

      const upiApp = await openUpiApp(sheet.getByRole('link', { name: 'Google Pay' }));
      await payInUpiApp(upiApp);
      await upiApp.close();

      await sheetStatus().getByText('Processing', { exact: true }).waitFor();
      await page.waitForURL(`**/confirmation?client_txn_id=${orderid}`);
      await page
        .getByText(/^(Processing|Completed)$/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Download tax invoice' }).waitFor();
      await screenshot(page, 'guest-checkout-phone-03-confirmation');
      expect(await guestRow(orderid)).toMatchObject({ guest: true });
    },
    JOURNEY_MS,
  );

  it(
    'a guest pays by QR on a desktop, and finds the order again with the mobile',
    async () => {
      page = await desktopPage(browser, app.url);
      page.setDefaultTimeout(15_000);
      const orderid = await orderAsGuest('Buy without an account', '9811100002');
      const sheet = page.getByRole('dialog', { name: 'Pay by UPI' });
      await sheet.getByRole('img', { name: /^QR code to pay ₹119(\.00)? by UPI$/ }).waitFor();
      await screenshot(page, 'guest-checkout-desktop-02-qr');

      const upiApp = await openUpiApp(
        sheet.getByRole('link', { name: 'Scan in the sandbox UPI app' }),
      );
      await payInUpiApp(upiApp);
      await upiApp.close();
      await sheetStatus().getByText('Processing', { exact: true }).waitFor();
      await page.waitForURL(`**/confirmation?client_txn_id=${orderid}`);
      await page
        .getByText(/^(Processing|Completed)$/)
        .first()
        .waitFor();
      await screenshot(page, 'guest-checkout-desktop-03-confirmation');

      // Another browser (the receipt's link): the order ID and the mobile find it.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/order-lookup?orderid=${orderid}`);
      await input('Mobile number').fill('9811100003');
      await button('Show my order').click();
      await page.getByText('Order not found').waitFor();
      await button('Try again').click();
      await input('Mobile number').fill('9811100002');
      await button('Show my order').click();
      await page
        .getByText(/^(Processing|Completed)$/)
        .first()
        .waitFor();
      const download = page.waitForEvent('download');
      await button('Download tax invoice').click();
      expect((await download).suggestedFilename()).toBe(`invoice-${orderid}.pdf`);
      await screenshot(page, 'guest-checkout-desktop-04-lookup');
    },
    JOURNEY_MS,
  );
});
