import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop, PHONE, pageAt } from '../utils/browser.js';
import { ledgerProblems } from '../utils/ledger.js';
import { adminCredit, shopper } from '../utils/shop.js';

interface Purchase {
  product: string;
  pack: string;
  first: [string, string];
  second: [string, string];
  checkUsername?: boolean;
}

/** One of each product type and category in the demo catalogue (Free Fire MAX is out of stock). */
const PURCHASES: Purchase[] = [
  {
    product: 'Mobile Legends (Brazil server)',
    pack: '86 Diamonds',
    first: ['User ID', '10000001'],
    second: ['Zone ID', '1001'],
    checkUsername: true,
  },
  {
    product: 'Mobile Legends (Philippines server)',
    pack: '86 Diamonds',
    first: ['User ID', '12345678'],
    second: ['Zone ID', '2345'],
    checkUsername: true,
  },
  {
    product: 'Genshin Impact',
    pack: '60 Genesis Crystals',
    first: ['UID', '700000001'],
    second: ['Server', 'Asia'],
  },
  {
    product: 'Honor of Kings',
    pack: '80 Tokens',
    first: ['Player ID', '700000002'],
    second: ['Server', 'Asia'],
  },
  {
    product: 'BGMI',
    pack: '60 UC',
    first: ['Character ID', '5123456789'],
    second: ['Player Name', 'Ravi'],
  },
  {
    product: 'Netflix Premium',
    pack: 'Premium 1 Month',
    first: ['Email', 'gamer@example.com'],
    second: ['Full Name', 'Asha Rao'],
  },
  {
    product: 'Google Play Gift Code',
    pack: '₹100 Gift Code',
    first: ['Email', 'asha.rao+play@example.in'],
    second: ['Full Name', 'Asha Rao'],
  },
];

/** Every demo product can be bought with Z-Coins, whatever its type and category. */
describe('buying every product in the browser', () => {
  const email = 'user@example.com';
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const shop = () => shopper(app, () => page);

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    await adminCredit(app, email, 1000);
    browser = await launchBrowser();
    page = await pageAt(browser, app.url, PHONE);
    await shop().logIn(email, 'User@12345');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each(PURCHASES)('buys $product ($pack) with Z-Coins', async (purchase) => {
    const { choosePack, button, input } = shop();
    await choosePack(purchase.product, purchase.pack, purchase.first, purchase.second);
    expect(await input(purchase.first[0]).inputValue()).toBe(purchase.first[1]);
    if (purchase.checkUsername) {
      await button('Check Username').click();
      await page
        .getByText(/^Username: /)
        .first()
        .waitFor();
    }
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();
    await button('Confirm Order').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
    const orderid = new URL(page.url()).searchParams.get('client_txn_id');
    await page
      .getByText(/^(Processing|Completed)$/)
      .first()
      .waitFor();
    await screenshot(page, `catalogue-${purchase.product.replace(/\W+/g, '-').toLowerCase()}`);

    const [order] = await app.sql<{ input1: string; input2: string; productname: string }>(
      'SELECT input1, input2, productname FROM orders WHERE orderid = $1',
      [orderid],
    );
    expect(order).toEqual({
      input1: purchase.first[1],
      input2: purchase.second[1],
      productname: purchase.product,
    });
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);
  });
});
