import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop, PHONE, pageAt } from '../utils/browser.js';
import { adminCredit, shopper, userByEmail } from '../utils/shop.js';

const coins = (value: number) =>
  value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * The account's figures stay current without a reload: the Z-Coins balance is read once and
 * shared by every place that shows it, a Z-Coins order refreshes it, and the order's result
 * page follows the order from Processing to Completed by itself.
 */
describe('a live account in the browser', () => {
  const email = 'user@example.com';
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const shop = () => shopper(app, () => page);

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();
    await adminCredit(app, email, 1000);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    page = await pageAt(browser, app.url, PHONE);
  });
  afterEach(() => page.context().close());

  /** Counts the browser's requests for the wallet balance from now on. */
  const countBalanceRequests = () => {
    let count = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/wallet/getbalance/')) count += 1;
    });
    return () => count;
  };
  const accountMenu = () => page.getByRole('button', { name: 'Account menu' });
  /** The balance in the account menu (opened) and on the wallet page's Z-Coins card. */
  const menuBalance = (value: number) =>
    page.getByRole('menu').getByText(`${coins(value)} Z-Coins`, { exact: true });
  const walletCardBalance = (value: number) =>
    page.locator('.balance-coins .balance-value', { hasText: exactly(coins(value)) });

  it('reads the balance once for the wallet page and the account menu', async () => {
    const { logIn } = shop();
    await logIn(email, 'User@12345');
    const { balance } = await userByEmail(app, email);

    const balanceRequests = countBalanceRequests();
    await page.goto('/wallet');
    await walletCardBalance(balance).waitFor();
    await accountMenu().click();
    await menuBalance(balance).waitFor();
    await screenshot(page, 'live-account-01-wallet-and-menu');

    // Leaving through the menu: any second read of the balance would have started before this.
    await Promise.all([
      page.waitForResponse((response) => /\/api\/order\/\d+(\?|$)/.test(response.url())),
      page.getByRole('menuitem', { name: 'My Orders' }).click(),
    ]);
    expect(balanceRequests()).toBe(1);
  });

  it('updates the balance after a Z-Coins order and follows the order to Completed', async () => {
    const { logIn, choosePack, checkUsername, button } = shop();
    await logIn(email, 'User@12345');
    const before = (await userByEmail(app, email)).balance;
    await choosePack(
      'Mobile Legends (Brazil server)',
      '86 Diamonds',
      ['User ID', '10000001'],
      ['Zone ID', '1001'],
    );
    await checkUsername('SandboxHero');
    await button('Proceed to Payment').click();
    await page.getByText(`Balance: ${coins(before)} Z-Coins`).waitFor();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();

    let documentsLoaded = 0;
    page.on('load', () => (documentsLoaded += 1));
    // The supplier takes 3 s to deliver, so the order is seen Processing first.
    await app
      .http()
      .post('/sandbox/smileone/faults')
      .send({ endpoint: 'createorder', delayMs: 3000 })
      .expect(200);
    try {
      await button('Confirm Order').click();
      await page.waitForURL('**/confirmation?client_txn_id=*');
      await page.getByText('Processing', { exact: true }).waitFor();
      await screenshot(page, 'live-account-02-order-processing');
      await page.getByText('Completed', { exact: true }).waitFor({ timeout: 20_000 });
      await screenshot(page, 'live-account-03-order-completed');
    } finally {
      await app.http().post('/sandbox/smileone/faults').send({}).expect(200);
    }

    const after = (await userByEmail(app, email)).balance;
    expect(after).toBeLessThan(before);
    await accountMenu().click();
    await menuBalance(after).waitFor();
    await screenshot(page, 'live-account-04-menu-after-order');
    await page.getByRole('menuitem', { name: 'My Wallet' }).click();
    await walletCardBalance(after).waitFor();
    await screenshot(page, 'live-account-05-wallet-after-order');
    expect(documentsLoaded).toBe(0);
  });
});
