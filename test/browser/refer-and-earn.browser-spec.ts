import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, phonePage, screenshot, startShop } from '../utils/browser.js';
import { latestOtp } from '../utils/outbox.js';
import { adminCredit, apiToken, placeWalletOrder, shopper } from '../utils/shop.js';

/** A friend follows a customer's link, registers, orders, and both earn the reward. */
describe('Refer & Earn in the browser', () => {
  const referrer = { email: 'user@example.com', password: 'User@12345' };
  const friend = {
    name: 'Meera Iyer',
    email: `meera.${Date.now()}@example.com`,
    mobile: `7${String(Date.now()).slice(-9)}`,
    password: 'Tiger#Lily42',
  };
  let app: TestApp;
  let browser: Browser;
  let referrerPage: Page;
  let friendPage: Page;

  beforeAll(async () => {
    app = await startShop({ REFERRAL_REWARD_POINTS: '25', REFERRAL_MIN_ORDER_RUPEES: '10' });
    browser = await launchBrowser();
    referrerPage = await phonePage(browser, app.url);
    friendPage = await phonePage(browser, app.url);
    referrerPage.setDefaultTimeout(20_000);
    friendPage.setDefaultTimeout(20_000);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the code and link, and rewards both once the friend’s first order completes', async () => {
    await shopper(app, () => referrerPage).logIn(referrer.email, referrer.password);
    await referrerPage.goto('/referandearn');
    const code = await referrerPage
      .locator('[data-referral-code]')
      .getAttribute('data-referral-code');
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await referrerPage.getByText(`/register?ref=${code}`, { exact: false }).waitFor();
    await referrerPage.getByRole('link', { name: 'Share on WhatsApp' }).waitFor();
    await screenshot(referrerPage, 'refer-01-code');

    // The friend opens the link on their own phone and registers.
    await friendPage.goto(`/register?ref=${code}`);
    await friendPage.locator(`[data-referral="${code}"]`).waitFor();
    const form = shopper(app, () => friendPage);
    await form.input('Full Name').fill(friend.name);
    await form.input('Mobile Number').fill(friend.mobile);
    await form.input('Email').fill(friend.email);
    await form.input('Password').fill(friend.password);
    await screenshot(friendPage, 'refer-02-invited');
    await form.button('Create Account').click();
    await form.input('OTP').fill(await latestOtp(app.url, friend.mobile));
    await form.button('Verify OTP').click();
    await friendPage.waitForURL('**/login');
    await app.sql(`UPDATE users SET verified = true WHERE email = $1`, [friend.email]);

    await referrerPage.reload();
    await referrerPage.getByText('M*** I***').waitFor();
    expect(await referrerPage.locator('[data-referral-pending]').innerText()).toBe('1');

    // The friend's first order completes.
    await adminCredit(app, friend.email, 100);
    const orderid = await placeWalletOrder(app, friend.email, friend.password, {
      product: 'BGMI',
      pack: '60 UC',
      input1: '5123456789',
      input2: 'Meera',
    });
    const adminToken = await apiToken(app, 'admin@example.com', 'Admin@12345');
    const [order] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      orderid,
    ]);
    await app
      .http()
      .get(`/api/admin/updateorder/${order.id}/Completed`)
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(200);

    await referrerPage.reload();
    await referrerPage.getByText('Rewarded · +25 points').waitFor();
    expect(await referrerPage.locator('[data-referral-earned]').innerText()).toBe('25');
    await screenshot(referrerPage, 'refer-03-rewarded');

    await referrerPage.goto('/dashboard');
    await referrerPage.getByRole('region', { name: 'Refer & Earn' }).getByText(code!).waitFor();
    await referrerPage.getByText('1 friend joined · 25 points earned', { exact: false }).waitFor();
  }, 180_000);
});
