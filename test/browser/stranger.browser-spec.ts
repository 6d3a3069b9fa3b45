/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { rateLimitUses, resetRateLimits, type TestApp } from '../utils/app.js';
import {
  launchBrowser,
  payOnGatewayPage,
  screenshot,
  startShop,
  DESKTOP,
  PHONE,
  pageAt,
} from '../utils/browser.js';
import { ledgerProblems } from '../utils/ledger.js';
import { Messages } from '@zstore/contract/messages';
import { latestOtp, linkIn, waitForMessage } from '../utils/outbox.js';
import { apiToken, placeWalletOrder, shopper, userByEmail } from '../utils/shop.js';
import { testPlayer } from '../e2e/supplier.helpers.js';

const CUSTOMER = { email: 'user@example.com', password: 'User@12345', mobile: '9000000001' };

/**
 * The storefront as a stranger uses it, at phone and laptop sizes: a late order, a second tap
 * on a button that already acted, a long list of orders on a narrow screen.
 */
describe('the storefront for a first-time customer', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const shop = () => shopper(app, () => page);

  beforeAll(async () => {
    app = await startShop({
      RATE_LIMIT_LOGIN: '100/60',
      RATE_LIMIT_OTP: '100/60',
      // A Smile.one player ending in 99 is held 30 s: the adapter gives up after 1 s.
      PROVIDER_TIMEOUT_MS: '1000',
    });
    browser = await launchBrowser();
  }, 60_000);

  async function openAt(size: typeof PHONE) {
    await context?.close();
    page = await pageAt(browser, app.url, size);
    context = page.context();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  }

  afterEach(async () => expect(await ledgerProblems(app.databaseUrl)).toEqual([]));

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  /** An unpaid UPI order placed through the API, as a customer who left the payment page. */
  async function unpaidUpiOrder() {
    const token = await apiToken(app, CUSTOMER.email, CUSTOMER.password);
    const [item] = await app.sql<{ id: string; itemid: string; product_id: string }>(
      `SELECT i.id, i.itemid, p.id AS product_id FROM products p
       JOIN items i ON i.itemid = ANY (p.items) WHERE p.name = 'BGMI' AND i.name = '60 UC'`,
    );
    await app
      .http()
      .post('/api/order/createOrder')
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', randomUUID())
      .send({
        itemid: Number(item.itemid),
        item_id: item.id,
        product_id: item.product_id,
        userid: (await userByEmail(app, CUSTOMER.email)).userid,
        input1: '5123456789',
        input2: 'Ravi Kumar Subramanian',
        paymentmode: 'upi',
      })
      .expect(200);
  }

  it.each([
    ['phone', PHONE],
    ['laptop', DESKTOP],
  ])('tells the truth on a late order and gives support its id (%s)', async (name, size) => {
    await openAt(size);
    await shop().logIn(CUSTOMER.email, CUSTOMER.password);
    const orderid = await placeWalletOrder(app, CUSTOMER.email, CUSTOMER.password, {
      product: 'Mobile Legends (Brazil server)',
      pack: '86 Diamonds',
      input1: testPlayer('99'),
      input2: '1234',
    });
    await page.goto(`/confirmation?client_txn_id=${orderid}`);
    await page.getByText('The order completes within 1-6 minutes', { exact: false }).waitFor();

    // Twenty minutes later the supplier has still not answered.
    await app.sql(
      `UPDATE orders SET paid_at = paid_at - interval '20 minutes',
              promise_due_at = promise_due_at - interval '20 minutes',
              created_at = created_at - interval '20 minutes' WHERE orderid = $1`,
      [orderid],
    );
    await page.getByText('This is taking longer than usual').waitFor({ timeout: 15_000 });
    expect(await page.locator('main').innerText()).not.toContain('completes within');
    const support = page.getByRole('link', { name: /support/i }).first();
    expect(decodeURIComponent((await support.getAttribute('href')) ?? '')).toContain(orderid);
    await screenshot(page, `stranger-01-late-order-${name}`);
  });

  it.each([
    ['phone', PHONE],
    ['laptop', DESKTOP],
  ])('fits My Orders with an unpaid order on the screen (%s)', async (name, size) => {
    await openAt(size);
    await unpaidUpiOrder();
    await shop().logIn(CUSTOMER.email, CUSTOMER.password);
    await page.goto('/orders');
    await page.getByRole('link', { name: 'Verify Payment' }).first().waitFor();
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement!;
      const boxes = [...document.querySelectorAll('.order-card')].map((card) =>
        card.getBoundingClientRect(),
      );
      return {
        scroll: root.scrollWidth - root.clientWidth,
        // Each card keeps the page's margin on its right as on its left.
        rightMargin: Math.min(...boxes.map((box) => root.clientWidth - box.right)),
        leftMargin: Math.min(...boxes.map((box) => box.left)),
      };
    });
    expect(overflow.scroll).toBeLessThanOrEqual(0);
    expect(overflow.rightMargin).toBeGreaterThanOrEqual(overflow.leftMargin - 1);
    await screenshot(page, `stranger-02-orders-${name}`);
  });

  it('signs in with an OTP whose Verify button is tapped after the code went in by itself', async () => {
    await openAt(PHONE);
    // Every code check counts against the address it came from: the store's count of them is
    // the number of checks this page sent.
    await resetRateLimits(app, 'otp-verify:ip:*');
    await page.goto('/otplogin');
    await shop().input('Mobile Number').fill(CUSTOMER.mobile);
    await page.getByRole('button', { name: /Send OTP/ }).click();
    await page.waitForURL('**/otpverify/**');
    const otp = await latestOtp(app.url, CUSTOMER.mobile);
    await page.getByLabel('Digit 1').fill(otp.slice(0, 3));
    // A slow network: the home page's code is still on its way after the sign-in...
    await page.route(/\/assets\/HomePage-.*\.(js|css)$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.keyboard.type(otp.slice(3));
    // ...and the customer taps Verify OTP as well.
    await page
      .getByRole('button', { name: 'Verify OTP' })
      .click({ timeout: 1_500 })
      .catch(() => undefined);
    await page.waitForURL('**/home');
    await page.waitForTimeout(1_500);
    expect(await rateLimitUses(app, 'otp-verify:ip:*')).toBe(1);
    expect(await page.locator('body').innerText()).not.toMatch(
      /OTP has expired|Invalid OTP|valid OTP/,
    );
  });

  it('says an address is already verified when its e-mailed link is opened again', async () => {
    await openAt(PHONE);
    const customer = {
      name: 'Kavya Rao',
      mobileNumber: `8${String(Date.now()).slice(-9)}`,
      email: `kavya.${Date.now()}@example.com`,
      password: 'Lotus#Blade2026',
    };
    await app.http().post('/api/auth/register').send(customer).expect(200);
    const otp = await latestOtp(app.url, customer.mobileNumber);
    await app
      .http()
      .post('/api/auth/verifyandregister')
      .send({ ...customer, otp })
      .expect(201);
    const mail = await waitForMessage(
      app.url,
      customer.email,
      (m) => !!m.subject?.includes('Verify'),
    );
    const link = linkIn(mail.text).pathname;

    await page.goto(link);
    await page.getByText(Messages.emailVerified).waitFor();
    // Later, from the same e-mail.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Email Verified' }).waitFor();
    await page.getByText(Messages.emailAlreadyVerified).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('invalid or has expired');
    await screenshot(page, 'stranger-03-link-reopened');
    await page.waitForURL('**/login', { timeout: 5_000 });
  });

  it('tops up the missing Z-Coins from the sheet and comes back to the same order', async () => {
    await openAt(PHONE);
    const { logIn, choosePack, button } = shop();
    await logIn(CUSTOMER.email, CUSTOMER.password);
    const { balance } = await userByEmail(app, CUSTOMER.email);
    // 660 UC costs ₹760, ₹740 with FLAT20: more than the wallet holds.
    const total = 740;
    const missing = Math.ceil(total - balance);
    expect(missing).toBeGreaterThan(0);
    await choosePack('BGMI', '660 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    await button('Proceed to Payment').click();
    const sheet = page.getByRole('dialog');
    await sheet.getByPlaceholder(/coupon/i).fill('FLAT20');
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await sheet.getByText('-₹20').first().waitFor();
    await sheet.getByRole('radio', { name: /Z-Coins/ }).click();
    await sheet.getByText('Your Z-Coins balance is lower than the total.').waitFor();
    expect(await button('Confirm Order').isDisabled()).toBe(true);
    await screenshot(page, 'stranger-04-short-of-coins');

    await sheet.getByRole('button', { name: `Top up ₹${missing} and pay` }).click();
    await payOnGatewayPage(page);
    await button('Pay').click();
    await page.waitForURL('**/walletconfirmation?client_txn_id=*');
    await page.getByText('Success', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Continue your order' }).click();

    await page.waitForURL('**/product/**');
    await sheet.getByText('-₹20').first().waitFor();
    expect(await sheet.getByRole('radio', { name: /Z-Coins/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await screenshot(page, 'stranger-05-back-to-the-order');
    await button('Confirm Order').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
    const orderid = new URL(page.url()).searchParams.get('client_txn_id');
    const [order] = await app.sql<{ itemname: string; input1: string; discount: string }>(
      'SELECT itemname, input1, discount FROM orders WHERE orderid = $1',
      [orderid],
    );
    expect(order).toEqual({ itemname: '660 UC', input1: '5123456789', discount: '2000' });
  });

  it('shows a reseller trade prices on the home tiles, and a visitor the public ones', async () => {
    await openAt(PHONE);
    const tile = () => page.locator('a.product-tile').filter({ hasText: 'Brazil server' }).first();
    const cheapest = async (column: 'discountedprice' | 'resellprice') =>
      Number(
        (
          await app.sql<{ price: string }>(
            `SELECT min(i.${column}) AS price FROM products p JOIN items i ON i.itemid = ANY (p.items)
             WHERE p.name = 'Mobile Legends (Brazil server)' AND i.instock`,
          )
        )[0].price,
      ) / 100;
    const [retail, trade] = [await cheapest('discountedprice'), await cheapest('resellprice')];
    expect(trade).toBeLessThan(retail);

    await page.goto('/home');
    await tile().getByText(`from ₹${retail}`).waitFor();
    await shop().logIn('reseller@example.com', 'Reseller@12345');
    await page.goto('/home');
    await tile().getByText(`from ₹${trade}`).waitFor();
    await screenshot(page, 'stranger-06-reseller-tiles');

    // The shared copy for visitors is still the public one.
    const visitor = await app.http().get('/api/product/gethomeproducts').expect(200);
    const brazil = (
      visitor.body as { trending: { name: string; fromPrice: number }[] }
    ).trending.find((product) => product.name === 'Mobile Legends (Brazil server)');
    expect(brazil?.fromPrice).toBe(retail);
  });

  it("keeps toasts off the payment sheet's discount, total and buttons on a phone", async () => {
    await openAt(PHONE);
    const { logIn, choosePack, button } = shop();
    await logIn(CUSTOMER.email, CUSTOMER.password);
    await choosePack('BGMI', '325 UC', ['Character ID', '5123456789'], ['Player Name', 'Ravi']);
    await button('Proceed to Payment').click();
    const sheet = page.getByRole('dialog');
    await sheet.getByPlaceholder(/coupon/i).fill('FLAT20');
    await sheet.getByRole('button', { name: 'Apply' }).click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Coupon applied' });
    await toast.waitFor();
    // The sheet names the applied code in bold.
    expect(await sheet.locator('.coupon-applied span').textContent()).toBe('FLAT20 applied');
    expect(await sheet.locator('.coupon-applied strong').textContent()).toBe('FLAT20');
    await page.waitForTimeout(800); // the toast's entrance animation
    await screenshot(page, 'stranger-07-toast-over-sheet');
    const box = (await toast.boundingBox())!;
    for (const covered of [
      sheet.locator('.discount-row'),
      sheet.locator('.summary-total'),
      button('Confirm Order'),
    ]) {
      const other = (await covered.boundingBox())!;
      const overlaps =
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
  });

  it('names the e-mail that is wrong instead of the general pack message', async () => {
    await openAt(PHONE);
    const { logIn, choosePack, button } = shop();
    await logIn(CUSTOMER.email, CUSTOMER.password);
    await choosePack(
      'Netflix Premium',
      'Premium 1 Month',
      ['Email', 'priya.sharma@gmail'],
      ['Full Name', 'Priya Sharma'],
    );
    await button('Proceed to Payment').click();
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    expect(await toast.innerText()).toContain('priya.sharma@gmail');
    await screenshot(page, 'stranger-08-wrong-email');
  });

  it.each([
    ['Honor of Kings', ['Player ID', 'Server']],
    ['Mobile Legends (Brazil server)', ['User ID', 'Zone ID']],
    ['Netflix Premium', ['Email', 'Full Name']],
  ])('says what each field of %s wants and what is valid', async (product, labels) => {
    await openAt(PHONE);
    await page.goto(`/product/${await shop().productId(product)}`);
    for (const label of labels) {
      const field = shop().input(label);
      await field.waitFor();
      const hint = await field.evaluate(
        (element) =>
          document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ??
          '',
      );
      expect(hint.length).toBeGreaterThan(15);
      expect(await field.getAttribute('placeholder')).toBeTruthy();
    }
    await screenshot(page, `stranger-09-field-hints-${product.split(' ')[0]}`);
  });

  it('says once, not twice, that the registration code was sent', async () => {
    await openAt(PHONE);
    const { input, button } = shop();
    await page.goto('/register');
    await input('Full Name').fill('Meera Iyer');
    await input('Mobile Number').fill(`7${String(Date.now()).slice(-9)}`);
    await input('Email').fill(`meera.${Date.now()}@example.com`);
    await input('Password').fill('Lotus#Blade2026');
    await button('Create Account').click();
    await page.getByRole('heading', { level: 1, name: 'Verify Your Account' }).waitFor();
    await page.locator('.Toastify__toast').first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByText(Messages.otpSentVerifyAccount).count()).toBe(1);
  });

  it("explains the supplier's Portuguese beside it when a player is not found", async () => {
    await openAt(PHONE);
    const { choosePack, button } = shop();
    await choosePack(
      'Mobile Legends (Brazil server)',
      '86 Diamonds',
      ['User ID', '10000001'],
      ['Zone ID', '9999'],
    );
    await button('Check Username').click();
    const check = page.locator('.username-check');
    await check.getByText('USER ID não existe').waitFor();
    await check
      .getByText(
        'This player ID was not found on the Brazil server. Check the ID and zone in your game profile.',
      )
      .waitFor();
    await screenshot(page, 'stranger-10-check-id-explained');
  });
});
