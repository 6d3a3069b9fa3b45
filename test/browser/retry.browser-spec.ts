import type { Browser, Page } from 'playwright-core';
import {
  OrderSettlementService,
  STORE_ACTOR,
} from '../../server/src/modules/orders/order-settlement.service.js';
import type { TestApp } from '../utils/app.js';
import {
  launchBrowser,
  payOnGatewayPage,
  screenshot,
  startShop,
  PHONE,
  pageAt,
} from '../utils/browser.js';
import { ledgerProblems } from '../utils/ledger.js';
import { shopper, userByEmail } from '../utils/shop.js';

/**
 * A customer whose first answer is lost on the way back (the store carried the request out,
 * the connection then dropped) and who presses the button again is charged once: the retry
 * carries the same Idempotency-Key and gets the first answer back.
 */
describe('retrying after a lost answer in the browser', () => {
  const email = 'user@example.com';
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const shop = () => shopper(app, () => page);

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
  afterEach(async () => {
    await page.context().close();
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);
  });

  const countRows = async (sql: string, params: unknown[]) =>
    Number((await app.sql<{ n: string }>(sql, params))[0].n);

  /** After a lost answer the customer presses Confirm Order again (reopening the sheet if shut). */
  async function confirmAgain() {
    const { button } = shop();
    await page.getByText(/Something went wrong! Please try again\./).waitFor();
    if (!(await button('Confirm Order').isVisible())) {
      await button('Proceed to Payment').click();
      await page.getByRole('radio', { name: /Z-Coins/ }).click();
    }
    await button('Confirm Order').click();
  }

  /** A Z-Coins order placed through the API, as another device of the customer would. */
  async function placeWalletOrder(pack: string) {
    const { body: login } = await app
      .http()
      .post('/api/auth/login')
      .send({ email, password: 'User@12345' })
      .expect(200);
    const [item] = await app.sql<{ id: string; itemid: string; product_id: string }>(
      `SELECT i.id, i.itemid, p.id AS product_id FROM items i, products p
       WHERE i.name = $1 AND p.name = 'BGMI'`,
      [pack],
    );
    const { body } = await app
      .http()
      .post('/api/order/createWalletOrder')
      .set('Authorization', `Bearer ${login.token}`)
      .send({
        itemid: Number(item.itemid),
        item_id: item.id,
        product_id: item.product_id,
        userid: (await userByEmail(app, email)).userid,
        input1: '5123456789',
        input2: 'Ravi',
      })
      .expect(200);
    return body.orderid as string;
  }

  it('places one Z-Coins order and debits once when Confirm is pressed again', async () => {
    const { logIn, choosePack, button, loseFirstAnswer } = shop();
    await logIn(email, 'User@12345');
    const user = await userByEmail(app, email);
    await choosePack('BGMI', '60 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();

    const lost = await loseFirstAnswer('/order/createWalletOrder');
    await button('Confirm Order').click();
    await screenshot(page, 'retry-00-answer-lost');
    await confirmAgain();
    await page.waitForURL('**/confirmation?client_txn_id=*');
    await page.getByText('Processing', { exact: true }).waitFor();
    await screenshot(page, 'retry-01-wallet-order-after-lost-answer');

    expect(lost()).toBe(1);
    expect(await countRows(`SELECT count(*) AS n FROM orders WHERE user_id = $1`, [user.id])).toBe(
      1,
    );
    expect(
      await countRows(
        `SELECT count(*) AS n FROM wallet_transactions WHERE user_id = $1 AND type = 'Debit'`,
        [user.id],
      ),
    ).toBe(1);
    expect((await userByEmail(app, email)).balance).toBe(user.balance - 75);

    // Buying the same pack again afterwards is a new intent: a second order, a second debit.
    await choosePack('BGMI', '60 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();
    await button('Confirm Order').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
    expect(await countRows(`SELECT count(*) AS n FROM orders WHERE user_id = $1`, [user.id])).toBe(
      2,
    );
    expect((await userByEmail(app, email)).balance).toBe(user.balance - 150);
  });

  it('starts one UPI top-up when Proceed to Pay is pressed again', async () => {
    const { logIn, button, loseFirstAnswer } = shop();
    await logIn(email, 'User@12345');
    const user = await userByEmail(app, email);
    await page.goto('/topup');
    await page
      .getByRole('group', { name: 'Quick amounts' })
      .getByRole('button', { name: '100' })
      .click();

    const lost = await loseFirstAnswer('/wallet/topup');
    await button('Proceed to Pay').click();
    await page.getByText(/Something went wrong! Please try again\./).waitFor();
    await button('Proceed to Pay').click();
    await payOnGatewayPage(page);
    await button('Pay').click();
    await page.waitForURL('**/walletconfirmation?client_txn_id=*');
    await page.getByText('Success', { exact: true }).waitFor();

    expect(lost()).toBe(1);
    expect(
      await countRows(
        `SELECT count(*) AS n FROM wallet_transactions WHERE user_id = $1 AND purpose = 'topup'`,
        [user.id],
      ),
    ).toBe(1);
    expect((await userByEmail(app, email)).balance).toBe(user.balance + 100);
  });

  it('redeems points once when Redeem Points is pressed again', async () => {
    const { logIn, button, input, loseFirstAnswer } = shop();
    await app.store.app
      .get(OrderSettlementService)
      .complete(STORE_ACTOR, await placeWalletOrder('325 UC'));
    await logIn(email, 'User@12345');
    const user = await userByEmail(app, email);
    const points = async () =>
      Number(
        (await app.sql<{ points: string }>('SELECT points FROM users WHERE id = $1', [user.id]))[0]
          .points,
      ) / 100;
    expect(await points()).toBe(3.8);

    await page.goto('/redeem');
    await page.getByText('3.8', { exact: false }).first().waitFor();
    await input('Points to redeem').fill('3');
    const lost = await loseFirstAnswer('/points/redeempoints');
    await button('Redeem Points').click();
    await page
      .getByText(/Something went wrong! Please try again\./)
      .first()
      .waitFor();
    await button('Redeem Points').click();
    await page.waitForURL('**/wallet');
    await screenshot(page, 'retry-03-redeem-after-lost-answer');

    expect(lost()).toBe(1);
    expect(await points()).toBe(0.8);
    expect((await userByEmail(app, email)).balance).toBe(user.balance + 3);
    expect(
      await countRows(
        `SELECT count(*) AS n FROM wallet_transactions WHERE user_id = $1 AND purpose = 'redeem'`,
        [user.id],
      ),
    ).toBe(1);
  });
});
