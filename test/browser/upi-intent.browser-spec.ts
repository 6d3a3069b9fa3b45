import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import path from 'node:path';
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
 * Paying by UPI without leaving the store, as phones and desktops do: the UPI app buttons on a
 * phone (the sandbox's app page plays the app), a QR code of the UPI link on a desktop, for an
 * order and a top-up; the sheet follows the payment live and moves on to the confirmation.
 */
describe('UPI by app and by QR in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => page?.context().close());
  /** Each journey signs in, orders and pays through two pages. */
  const JOURNEY_MS = 120_000;

  /** What the customer sees (the viewport, where the sheet is). */
  const screenshot = (shown: Page, name: string) =>
    shown.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  const input = (label: string) =>
    page.getByLabel(label, { exact: true }).and(page.locator('input, select'));
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const sheetStatus = () => page.locator('.upi-pay-status');
  const gatewayOrders = async (clientTxnId: string) =>
    app.sql<{ order_id: string }>(
      'SELECT order_id FROM sandbox_upi_orders WHERE client_txn_id = $1',
      [clientTxnId],
    );

  async function logIn() {
    await page.goto('/login');
    await input('Email').fill('user@example.com');
    await input('Password').fill('User@12345');
    await button('Sign In').click();
    await page.waitForURL('**/home');
  }

  /** 86 Diamonds for the sandbox's MLBB player, up to the UPI sheet; answers the order id. */
  async function orderByUpi() {
    const [{ id }] = await app.sql<{ id: string }>('SELECT id FROM products WHERE name = $1', [
      'Mobile Legends (Brazil server)',
    ]);
    await page.goto(`/product/${id}`);
    await input('User ID').fill('10000001');
    await input('Zone ID').fill('1001');
    await page.getByRole('button', { name: /\b86 Diamonds/ }).click();
    // The check goes to the supplier's simulator over HTTP: its answer is awaited on its own, so a
    // slow machine shows as time, and a refusal shows as the answer it was.
    const checked = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/order/checkid') &&
        (r.request().postData() ?? '').includes('10000001'),
      { timeout: 30_000 },
    );
    await button('Check Username').click();
    const check = await checked;
    expect({ status: check.status(), body: await check.json() }).toMatchObject({
      status: 200,
      body: { username: 'SandboxHero' },
    });
    await page.getByText('Username: SandboxHero').first().waitFor();
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /UPI Payment/ }).click();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/order/createOrder'));
    await button('Confirm Order').click();
    const answer = (await (await created).json()) as { data: { orderid: string } };
    await page.getByRole('dialog', { name: 'Pay by UPI' }).waitFor();
    return answer.data.orderid;
  }

  /** A marker that survives client-side navigation and is lost on any reload. */
  const markPage = () =>
    page.evaluate(() => {
      (window as unknown as { upiMarker: number }).upiMarker = 1;
    });
  const pageWasKept = () =>
    page.evaluate(() => (window as unknown as { upiMarker?: number }).upiMarker === 1);

  it(
    'pays an order with a UPI app on a phone and sees it Processing without a reload',
    async () => {
      page = await phonePage(browser, app.url);
      page.setDefaultTimeout(15_000);
      await logIn();
      const orderid = await orderByUpi();
      const sheet = page.getByRole('dialog', { name: 'Pay by UPI' });
      await sheet.getByText('₹119').waitFor();
      await sheet.getByText('Z Store').waitFor();
      await sheet
        .getByRole('timer')
        .getByText(/^(29|30):\d\d$/)
        .waitFor();
      await sheetStatus().getByText('Waiting for your payment').waitFor();
      const apps = sheet.getByRole('group', { name: 'Pay with a UPI app' }).getByRole('link');
      expect(await apps.allInnerTexts()).toEqual([
        'Google Pay',
        'PhonePe',
        'Paytm',
        'BHIM',
        'Any UPI app',
      ]);
      expect(await sheet.locator('.upi-qr').count()).toBe(0);
      // In sandbox mode each app link opens the simulator's app page with the link's parameters.
      const [{ order_id }] = await gatewayOrders(orderid);
      const gpay = new URL(
        (await sheet.getByRole('link', { name: 'Google Pay' }).getAttribute('href'))!,
        app.url,
      );
      expect(gpay.pathname).toBe('/sandbox/upigateway/app');
      expect(Object.fromEntries(gpay.searchParams)).toMatchObject({
        app: 'gpay',
        pa: 'zstore@sandbox',
        am: '119.00',
        tr: order_id,
      });
      await screenshot(page, 'upi-intent-01-phone-apps');

      await markPage();
      const upiApp = await openUpiApp(sheet.getByRole('link', { name: 'Google Pay' }));
      await upiApp.getByRole('heading', { name: 'Google Pay (sandbox)' }).waitFor();
      await upiApp.getByText('₹119.00').waitFor();
      await sheetStatus().getByText('Payment opened in a UPI app').waitFor();
      await screenshot(upiApp, 'upi-intent-02-phone-sandbox-app');
      await payInUpiApp(upiApp);
      await upiApp.close();

      await sheetStatus().getByText('Processing', { exact: true }).waitFor();
      await screenshot(page, 'upi-intent-03-phone-processing');
      await page.waitForURL(`**/confirmation?client_txn_id=${orderid}`);
      await page
        .getByText(/Processing|Completed/)
        .first()
        .waitFor();
      expect(await pageWasKept()).toBe(true);
      expect(await gatewayOrders(orderid)).toHaveLength(1);
    },
    JOURNEY_MS,
  );

  it(
    'pays an order by QR on a desktop, and a customer who comes back finds the same QR',
    async () => {
      page = await desktopPage(browser, app.url);
      page.setDefaultTimeout(15_000);
      await logIn();
      const orderid = await orderByUpi();
      const sheet = page.getByRole('dialog', { name: 'Pay by UPI' });
      const qr = sheet.locator('.upi-qr');
      await sheet.getByRole('img', { name: /^QR code to pay ₹119(\.00)? by UPI$/ }).waitFor();
      const link = (await qr.getAttribute('data-upi-link'))!;
      expect(link).toMatch(/^upi:\/\/pay\?/);
      expect(link).toContain('am=119.00');
      expect(await sheet.getByRole('group', { name: 'Pay with a UPI app' }).count()).toBe(0);
      expect(
        await sheet
          .getByRole('link', { name: 'Trouble paying? Pay on the payment page' })
          .getAttribute('href'),
      ).toMatch(/\/sandbox\/upigateway\/pay\/\d+$/);
      await screenshot(page, 'upi-intent-04-desktop-qr');

      // The customer closes the sheet and comes back from My Orders: the same payment, no other.
      await sheet.getByRole('button', { name: 'Pay later', exact: true }).click();
      await page.goto('/orders');
      await page.getByRole('link', { name: 'Verify Payment' }).first().click();
      await page.waitForURL(`**/confirmation?client_txn_id=${orderid}`);
      await button('Pay again').click();
      await sheet.getByRole('img', { name: /^QR code to pay ₹119(\.00)? by UPI$/ }).waitFor();
      expect(await qr.getAttribute('data-upi-link')).toBe(link);
      expect(await gatewayOrders(orderid)).toHaveLength(1);

      // A phone scans it (the sandbox's app page for the QR's link) and pays.
      await markPage();
      const upiApp = await openUpiApp(
        sheet.getByRole('link', { name: 'Scan in the sandbox UPI app' }),
      );
      await payInUpiApp(upiApp);
      await sheetStatus().getByText('Processing', { exact: true }).waitFor();
      await screenshot(page, 'upi-intent-05-desktop-processing');
      await sheet.waitFor({ state: 'detached' });
      await page
        .getByText(/^(Processing|Completed)$/)
        .first()
        .waitFor();
      expect(await pageWasKept()).toBe(true);
      expect(await gatewayOrders(orderid)).toHaveLength(1);
    },
    JOURNEY_MS,
  );

  it(
    'tops up the wallet by QR on a desktop and follows the payment live',
    async () => {
      page = await desktopPage(browser, app.url);
      page.setDefaultTimeout(15_000);
      await logIn();
      await page.goto('/topup');
      await page
        .getByRole('group', { name: 'Quick amounts' })
        .getByRole('button', { name: '100' })
        .click();
      const started = page.waitForResponse((r) => r.url().endsWith('/api/wallet/topup'));
      await button('Proceed to Pay').click();
      const { data } = (await (await started).json()) as { data: { txnid: string } };
      const sheet = page.getByRole('dialog', { name: 'Top up by UPI' });
      await sheet.getByRole('img', { name: /^QR code to pay ₹100(\.00)? by UPI$/ }).waitFor();
      expect(await sheet.locator('.upi-qr').getAttribute('data-upi-link')).toContain('am=100.00');
      await sheetStatus().getByText('Waiting for your payment').waitFor();
      await screenshot(page, 'upi-intent-06-desktop-topup-qr');

      // Paid from a phone elsewhere: the sheet sees it by itself.
      await markPage();
      await app.http().post(`/sandbox/upigateway/orders/${data.txnid}/pay`).expect(200);
      await sheetStatus().getByText('Processing', { exact: true }).waitFor();
      await page.waitForURL(`**/walletconfirmation?client_txn_id=${data.txnid}`);
      await page.getByText('Success', { exact: true }).waitFor();
      expect(await pageWasKept()).toBe(true);
    },
    JOURNEY_MS,
  );
});
