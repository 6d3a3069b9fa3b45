import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import {
  appTookOver,
  launchBrowser,
  payOnGatewayPage,
  phonePage,
  screenshot,
  startShop,
  PHONE,
  pageAt,
} from '../utils/browser.js';
import { ledgerProblems } from '../utils/ledger.js';
import { adminCredit, placeWalletOrder, shopper } from '../utils/shop.js';

/**
 * The store does not lose the customer: signing in from the product page comes back to it with
 * the pack and player kept, the last player of a game is remembered, and a past order can be
 * bought again in one tap.
 */
describe('coming back to a purchase in the browser', () => {
  const email = 'user@example.com';
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const shop = () => shopper(app, () => page);

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();
    page = await pageAt(browser, app.url, PHONE);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(async () => expect(await ledgerProblems(app.databaseUrl)).toEqual([]));

  const selectedPack = () => page.locator('.item-card[aria-pressed="true"]');

  it('comes back to the product with the pack and player kept after Please Login First', async () => {
    const { choosePack, button, input } = shop();
    await choosePack('BGMI', '325 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    await button('Please Login First').click();
    await page.waitForURL('**/login');
    await input('Email').fill(email);
    await input('Password').fill('User@12345');
    await button('Sign In').click();

    await page.waitForURL('**/product/**');
    expect(await input('Character ID').inputValue()).toBe('5123456789');
    expect(await input('Player Name').inputValue()).toBe('Ravi');
    expect(await selectedPack().innerText()).toContain('325 UC');
    await screenshot(page, 'journeys-01-back-after-login');
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();
    await button('Confirm Order').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
  });

  it('remembers the last player of a game and fills it in next time', async () => {
    const { choosePack, checkUsername, button, input, productId } = shop();
    await choosePack(
      'Mobile Legends (Brazil server)',
      '86 Diamonds',
      ['User ID', '10000001'],
      ['Zone ID', '1001'],
    );
    await checkUsername('SandboxHero');
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();
    await button('Confirm Order').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');

    await page.goto(`/product/${await productId('Mobile Legends (Brazil server)')}`);
    await page.getByText('86 Diamonds').first().waitFor();
    // The drawn page cannot know the account's player: the app fills it in.
    await appTookOver(page);
    expect(await input('User ID').inputValue()).toBe('10000001');
    expect(await input('Zone ID').inputValue()).toBe('1001');
    await screenshot(page, 'journeys-02-remembered-player');
  });

  it('buys a past order again from the orders page', async () => {
    const { button, input } = shop();
    await page.goto('/orders');
    const bgmi = page.locator('.order-card').filter({ hasText: '325 UC' }).first();
    await bgmi.getByRole('link', { name: 'Buy again' }).click();
    await page.waitForURL('**/product/**');
    expect(await input('Character ID').inputValue()).toBe('5123456789');
    expect(await input('Player Name').inputValue()).toBe('Ravi');
    expect(await selectedPack().innerText()).toContain('325 UC');
    await screenshot(page, 'journeys-03-buy-again');
    await button('Proceed to Payment').click();
    await page.getByText('Select Payment').waitFor();
  });

  it('keeps the total and the buy button in a bar at the bottom of a phone screen', async () => {
    const { productId } = shop();
    const signedIn = page;
    page = await phonePage(browser, app.url);
    await page.goto(`/product/${await productId('Genshin Impact')}`);
    await page.getByRole('button', { name: /980 \+ 110 Genesis Crystals/ }).click();
    // The tap started the app: the bar measured is the app's.
    await appTookOver(page);
    const bar = page.getByRole('region', { name: 'Your order' });
    await bar.getByText('₹1,149.00').waitFor();
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(844, -1);
    await page.mouse.wheel(0, 400);
    expect((await bar.boundingBox())!.y).toBeCloseTo(box.y, 0);
    await page.screenshot({ path: 'test-artifacts/browser/journeys-04-buy-bar.png' });
    await bar.getByRole('button', { name: 'Please Login First' }).click();
    await page.waitForURL('**/login');
    await page.context().close();
    page = signedIn;
  });

  it("shows each home tile's starting price and best discount", async () => {
    await page.goto('/home');
    const tile = (name: string) => page.locator('.product-tile').filter({ hasText: name }).first();
    await tile('Genshin Impact').getByText('from ₹79').waitFor();
    expect(await tile('Genshin Impact').innerText()).toContain('Up to 20% off');
    await tile('Brazil server').getByText('from ₹119').waitFor();
    await tile('Philippines server').getByText('from ₹119').waitFor();
    for (const region of ['Brazil server', 'Philippines server']) {
      await page.locator('.product-tile').getByText(region, { exact: true }).first().waitFor();
    }
    await screenshot(page, 'journeys-05-home-tiles');
  });

  it('pays again on the same gateway order after leaving the UPI page, and anew after a failure', async () => {
    const { choosePack, button, logIn } = shop();
    await page.goto('/home');
    if (!(await page.evaluate(() => localStorage.getItem('token')))) {
      await logIn(email, 'User@12345');
    }
    const countOrders = async () =>
      Number(
        (
          await app.sql<{ n: string }>(
            `SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id
             WHERE u.email = $1 AND o.paymentmode = 'upi'`,
            [email],
          )
        )[0].n,
      );
    const before = await countOrders();
    await choosePack('BGMI', '60 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /UPI Payment/ }).click();
    await button('Confirm Order').click();
    await payOnGatewayPage(page);
    await button('Leave').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
    const first = new URL(page.url()).searchParams.get('client_txn_id');
    await page.getByText('Created', { exact: true }).waitFor();
    await screenshot(page, 'journeys-06-pay-again');
    // The gateway order still lives: Pay again opens the same payment, never a second one.
    await page.getByRole('button', { name: 'Pay again' }).click();
    await payOnGatewayPage(page);
    await button('Fail').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
    expect(new URL(page.url()).searchParams.get('client_txn_id')).toBe(first);
    await page.getByText('Failed', { exact: true }).waitFor();
    expect(await countOrders()).toBe(before + 1);

    // The gateway order is over: Pay again starts a new order with the same pack and player.
    await page.getByRole('link', { name: 'Pay again' }).click();
    await page.waitForURL('**/product/**');
    expect(await selectedPack().innerText()).toContain('60 UC');
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /UPI Payment/ }).click();
    await button('Confirm Order').click();
    await payOnGatewayPage(page);
    await button('Pay').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
    await page.getByText('Processing', { exact: true }).waitFor();
    expect(await countOrders()).toBe(before + 2);
  });

  it('offers a signed-out customer Login on the confirmation page and comes back to it', async () => {
    const { button, input } = shop();
    await adminCredit(app, email, 75);
    const orderid = await placeWalletOrder(app, email, 'User@12345', {
      product: 'BGMI',
      pack: '60 UC',
      input1: '5123456789',
      input2: 'Ravi',
    });
    const signedIn = page;
    page = await pageAt(browser, app.url, PHONE);
    try {
      await page.goto(`/confirmation?client_txn_id=${orderid}`);
      await page.locator('main').getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL('**/login');
      await input('Email').fill(email);
      await input('Password').fill('User@12345');
      await button('Sign In').click();
      await page.waitForURL(`**/confirmation?client_txn_id=${orderid}`);
      await page.getByText(orderid).waitFor();
      await page.getByText('Processing', { exact: true }).waitFor();
      await screenshot(page, 'journeys-07-confirmation-after-login');
    } finally {
      await page.context().close();
      page = signedIn;
    }
  });
});
