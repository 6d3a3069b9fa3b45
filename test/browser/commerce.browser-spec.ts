import type { Browser, Page } from 'playwright-core';
import {
  OrderSettlementService,
  STORE_ACTOR,
} from '../../server/src/modules/orders/order-settlement.service.js';
import type { TestApp } from '../utils/app.js';
import { shopper } from '../utils/shop.js';
import {
  launchBrowser,
  payOnGatewayPage,
  screenshot,
  startShop,
  PHONE,
  pageAt,
} from '../utils/browser.js';

/**
 * Buying in Chromium at phone size against the whole store (API, worker, storefront and the
 * UPI simulator): Z-Coins with a coupon, UPI through the simulator's Pay page, a wallet top-up,
 * a points redemption, reseller prices, and a visitor sent to log in.
 */
describe('buying in the browser', () => {
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

  beforeEach(async () => {
    page = await pageAt(browser, app.url, PHONE);
  });
  afterEach(() => page.context().close());

  const shop = () => shopper(app, () => page);
  const input = (label: string) => shop().input(label);
  const button = (name: string) => shop().button(name);
  const logIn = (email: string, password: string) => shop().logIn(email, password);
  const choosePack = (...args: Parameters<ReturnType<typeof shop>['choosePack']>) =>
    shop().choosePack(...args);
  const checkUsername = (name: string) => shop().checkUsername(name);
  const walletBalance = async (email: string) =>
    Number(
      (await app.sql<{ balance: string }>('SELECT balance FROM users WHERE email = $1', [email]))[0]
        .balance,
    ) / 100;

  it('sends a visitor who wants to buy to the login page', async () => {
    await choosePack('BGMI', '325 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    await button('Please Login First').click();
    await page.waitForURL('**/login');
  });

  it('buys with Z-Coins and a coupon, then sees the order', async () => {
    await logIn('user@example.com', 'User@12345');
    const before = await walletBalance('user@example.com');
    await choosePack('BGMI', '325 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    await button('Proceed to Payment').click();

    await page.getByLabel('Coupon code').fill('flat20');
    expect(await page.getByLabel('Coupon code').inputValue()).toBe('FLAT20');
    await button('Apply').click();
    await page.getByText('Coupon discount').waitFor();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();
    await screenshot(page, 'commerce-01-payment-sheet');
    await button('Confirm Order').click();

    await page.waitForURL('**/confirmation?client_txn_id=*');
    await page.getByText('Processing', { exact: true }).waitFor();
    await screenshot(page, 'commerce-02-wallet-order-confirmation');
    expect(await walletBalance('user@example.com')).toBe(before - 360);
  });

  it('checks the MLBB username, pays by UPI and watches the order go from Processing to Completed', async () => {
    await logIn('user@example.com', 'User@12345');
    await choosePack(
      'Mobile Legends (Brazil server)',
      '86 Diamonds',
      ['User ID', '10000001'],
      ['Zone ID', '1001'],
    );
    await checkUsername('SandboxHero');
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /UPI Payment/ }).click();
    await button('Confirm Order').click();

    await payOnGatewayPage(page);
    await screenshot(page, 'commerce-03-upi-gateway');
    // The supplier takes 6 s to deliver, so the customer sees the order Processing first.
    await app
      .http()
      .post('/sandbox/smileone/faults')
      .send({ endpoint: 'createorder', delayMs: 6000 })
      .expect(200);
    try {
      await button('Pay').click();
      await page.waitForURL('**/confirmation?client_txn_id=*');
      await page.getByText('Processing', { exact: true }).waitFor();
      await screenshot(page, 'commerce-04-upi-confirmation-processing');
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });
      await page.getByText('Completed', { exact: true }).waitFor({ timeout: 20_000 });
      expect(navigations).toBe(0);
      await screenshot(page, 'commerce-04-upi-confirmation-completed');
    } finally {
      await app.http().post('/sandbox/smileone/faults').send({}).expect(200);
    }
  });

  it('tops up the wallet by UPI', async () => {
    await logIn('user@example.com', 'User@12345');
    const before = await walletBalance('user@example.com');
    await page.goto('/topup');
    await page
      .getByRole('group', { name: 'Quick amounts' })
      .getByRole('button', { name: '100' })
      .click();
    await button('Proceed to Pay').click();
    await payOnGatewayPage(page);
    await button('Pay').click();
    await page.waitForURL('**/walletconfirmation?client_txn_id=*');
    await page.getByText('Success', { exact: true }).waitFor();
    await screenshot(page, 'commerce-05-topup-success');
    expect(await walletBalance('user@example.com')).toBe(before + 100);
  });

  it('redeems reward points earned on a completed order', async () => {
    const [order] = await app.sql<{ orderid: string }>(
      `SELECT o.orderid FROM orders o JOIN users u ON u.id = o.user_id
       WHERE u.email = 'user@example.com' AND o.status = 'Processing' AND o.paymentmode = 'wallet'`,
    );
    await app.store.app.get(OrderSettlementService).complete(STORE_ACTOR, order.orderid);
    await logIn('user@example.com', 'User@12345');
    const before = await walletBalance('user@example.com');

    await page.goto('/redeem');
    await input('Points to redeem').fill('500');
    await button('Redeem Points').click();
    await page.getByText(/Insufficient points\. You have 4\.79 points available\./).waitFor();
    await input('Points to redeem').fill('3');
    await button('Redeem Points').click();
    await page.waitForURL('**/wallet');
    await screenshot(page, 'commerce-06-after-redeem');
    expect(await walletBalance('user@example.com')).toBe(before + 3);
  });

  it('shows a reseller the reseller price and refuses a coupon', async () => {
    await logIn('reseller@example.com', 'Reseller@12345');
    await choosePack('BGMI', '325 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    expect(await page.getByRole('button', { name: /325 UC/ }).textContent()).toContain('₹364');
    await button('Proceed to Payment').click();
    await page.getByLabel('Coupon code').fill('FLAT20');
    await button('Apply').click();
    await page.getByText('Resellers cannot apply coupons.').first().waitFor();
    await screenshot(page, 'commerce-07-reseller');
  });
});
