import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop, PHONE, pageAt } from '../utils/browser.js';
import { ledgerProblems } from '../utils/ledger.js';
import { adminCredit, placeWalletOrder, shopper } from '../utils/shop.js';

/**
 * What the customer reads after paying: why a refund happened and where the money went (never
 * the supplier's own text), the in-game name checked at checkout, one delivery promise, and a
 * wallet history that names every credit.
 */
describe('plain words after paying, in the browser', () => {
  const email = 'user@example.com';
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const shop = () => shopper(app, () => page);

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();
    page = await pageAt(browser, app.url, PHONE);
    await shop().logIn(email, 'User@12345');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(async () => expect(await ledgerProblems(app.databaseUrl)).toEqual([]));

  const detail = (label: string) =>
    page
      .locator('.detail-list div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');

  async function buyMlbbWithZCoins(playerId: string, zone: string) {
    const { choosePack, button } = shop();
    await choosePack(
      'Mobile Legends (Brazil server)',
      '86 Diamonds',
      ['User ID', playerId],
      ['Zone ID', zone],
    );
    await button('Check Username').click();
    await page
      .getByText(/^Username: /)
      .first()
      .waitFor();
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();
    await button('Confirm Order').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
  }

  it('says why a refused delivery was refunded and where the money went', async () => {
    // The player check already says a `...13` player does not exist...
    const { choosePack, button } = shop();
    await choosePack(
      'Mobile Legends (Brazil server)',
      '86 Diamonds',
      ['User ID', '10000013'],
      ['Zone ID', '1013'],
    );
    await button('Check Username').click();
    await page
      .getByText('This player ID and zone were not found on the Brazil server.', { exact: false })
      .first()
      .waitFor();
    // ...and a purchase placed anyway (from another device, without the check) is refunded.
    const orderid = await placeWalletOrder(app, email, 'User@12345', {
      product: 'Mobile Legends (Brazil server)',
      pack: '86 Diamonds',
      input1: '10000013',
      input2: '1013',
    });
    await page.goto(`/confirmation?client_txn_id=${orderid}`);
    await page.getByText('Refunded', { exact: true }).waitFor({ timeout: 20_000 });
    await page
      .getByText(
        'This player ID does not exist on the Brazil server. ₹119 went back to your Z-Coins.',
      )
      .waitFor();
    await screenshot(page, 'words-01-refund-explained');
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/não|20003|USER ID/);

    // The admin still sees the supplier's own words.
    const [order] = await app.sql<{ reason: string }>(
      'SELECT reason FROM orders WHERE orderid = $1',
      [orderid],
    );
    expect(order.reason).toMatch(/20003/);
  });

  it('shows the checked in-game name and keeps one delivery promise while Processing', async () => {
    await app
      .http()
      .post('/sandbox/smileone/faults')
      .send({ endpoint: 'createorder', delayMs: 3000 })
      .expect(200);
    try {
      await buyMlbbWithZCoins('10000001', '1001');
      await page.getByText('Processing', { exact: true }).waitFor();
      await page
        .getByText('Your payment is confirmed. The order completes within 1-6 minutes.')
        .waitFor();
      expect(await detail('Username').innerText()).toBe('SandboxHero');
      expect(await detail('Zone ID/Server').innerText()).toBe('1001');
      await screenshot(page, 'words-02-processing-promise');
      await page.getByText('Completed', { exact: true }).waitFor({ timeout: 20_000 });
    } finally {
      await app.http().post('/sandbox/smileone/faults').send({}).expect(200);
    }
  });

  it('promises a hand-delivered pack the same time on the product and confirmation pages', async () => {
    const { choosePack, button } = shop();
    await choosePack('BGMI', '60 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    await page.getByText('About 30 minutes').first().waitFor();
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();
    await button('Confirm Order').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
    await page
      .getByText('Your payment is confirmed. The order completes within about 30 minutes.')
      .waitFor();
    expect(await detail('Username').innerText()).toBe('Ravi');
  });

  it('names what each wallet credit was', async () => {
    await adminCredit(app, email, 50);
    await page.goto('/wallet');
    const history = page.locator('.txn-list');
    await history.getByText('Admin credit', { exact: true }).first().waitFor();
    await history.getByText('Refund', { exact: true }).first().waitFor();
    expect(await history.getByText('Credit', { exact: true }).count()).toBe(0);
    await screenshot(page, 'words-03-wallet-history');
  });
});
