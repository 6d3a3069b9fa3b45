import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, phonePage, screenshot, startShop } from '../utils/browser.js';
import { adminCredit, placeWalletOrder, shopper } from '../utils/shop.js';

/**
 * Words the Hindi storefront may show in Latin letters: brand, game and payment-app names,
 * the language switch's "English", and technical abbreviations Hindi writes as they are.
 */
const ALLOWED = new Set(
  [
    'Z',
    'Store',
    'Z-Coins',
    'Z-Coin',
    'Coins',
    'MLBB',
    'Genshin',
    'BGMI',
    'UC',
    'Honor',
    'of',
    'Kings',
    'UPI',
    'OTT',
    'OTP',
    'WhatsApp',
    'Google',
    'Gmail',
    'Pay',
    'PhonePe',
    'Paytm',
    'YouTube',
    'Telegram',
    'Instagram',
    'English',
    'GST',
    'API',
    'CSV',
    'URL',
    'SMS',
    'PIN',
    'QR',
    'HTTP',
    'POST',
    'STOP',
  ].map((word) => word.toLowerCase()),
);

/** Every string value in a JSON document (product data as the admin wrote it). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The words of a text that are written in Latin letters (ids, e-mails and links left out). */
function latinWords(text: string): string[] {
  return text
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/\b(https?:\/\/|www\.)\S+/g, ' ')
    .split(/[\s/|·(),:;.!?"“”'‘’[\]{}+*=<>%₹…-]+(?=\s|$)|\s+/)
    .filter((token) => !/\d/.test(token))
    .flatMap((token) => token.match(/[A-Za-z][A-Za-z-]*[A-Za-z]/g) ?? []);
}

/** The texts a visitor sees or hears on the page now: text nodes and labels of visible elements. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skipped = (element: Element) =>
      element.closest(
        'script, style, noscript, code, .mono, [data-server-text], [data-referral-code], [data-dashboard-referral-code]',
      ) !== null ||
      (element instanceof HTMLOptionElement && element.value !== '');
    const visible = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || skipped(parent)) continue;
      if (parent instanceof HTMLOptionElement || visible(parent)) texts.push(text);
    }
    for (const element of document.querySelectorAll(
      '[aria-label], [placeholder], [title], img[alt]',
    )) {
      if (skipped(element) || !visible(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

/** A storefront route in Hindi, all of it shown in Hindi but for the allowed words. */
describe('the storefront in Hindi', () => {
  const customer = { email: 'user@example.com', password: 'User@12345' };
  const reseller = { email: 'reseller@example.com', password: 'Reseller@12345' };
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let allowed: Set<string>;
  const shop = () => shopper(app, () => page);
  const found = new Map<string, Set<string>>();

  beforeAll(async () => {
    app = await startShop({ RATE_LIMIT_LOGIN: '100/60' });
    browser = await launchBrowser();
    page = await phonePage(browser, app.url);
    page.setDefaultTimeout(15_000);
    // The offer pop-up (gallery data) stays closed: it would cover the menu.
    await page.addInitScript(() => localStorage.setItem('popupClosedAt', String(Date.now())));
    // Product and gallery data and the test accounts' own names stay as they were written.
    const data = await app.sql<{ row: unknown }>(
      `SELECT row_to_json(p) AS row FROM products p
       UNION ALL SELECT row_to_json(i) FROM items i
       UNION ALL SELECT row_to_json(g) FROM gallery_images g
       UNION ALL SELECT json_build_object('name', name) FROM users
       UNION ALL SELECT json_build_object('player', 'Ravi')`,
    );
    allowed = new Set([
      ...ALLOWED,
      ...data.flatMap(({ row }) => strings(row).flatMap(latinWords)).map((w) => w.toLowerCase()),
    ]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  // Each walk reports its own findings.
  beforeEach(() => found.clear());

  /** The Latin words on the page that are neither allowed nor product data. */
  async function englishOnPage(): Promise<string[]> {
    // Loaded: no skeleton or loader left (a page that keeps checking may keep its spinner).
    await page
      .waitForFunction(() => !document.querySelector('.skeleton, .page-loader'), undefined, {
        timeout: 8_000,
      })
      .catch(() => undefined);
    await page.waitForTimeout(300);
    const words = (await visibleTexts(page)).flatMap(latinWords);
    return [...new Set(words.filter((word) => !allowed.has(word.toLowerCase())))];
  }

  async function signInInHindi(account: { email: string; password: string }) {
    await page.goto('/login');
    await shop().input('ईमेल').fill(account.email);
    await shop().input('पासवर्ड').fill(account.password);
    await shop().button('साइन इन करें').click();
    await page.waitForURL('**/home');
  }

  async function walk(label: string, path: string) {
    await page.goto(path);
    const english = await englishOnPage();
    if (english.length) found.set(`${label} ${path}`, new Set(english));
  }

  const productIdOfType = async (type: string) =>
    (
      await app.sql<{ id: string }>(
        `SELECT id FROM products WHERE type = $1 AND deleted_at IS NULL AND instock
         ORDER BY productid LIMIT 1`,
        [type],
      )
    )[0]?.id;

  it('finds the English words of a page shown in English (the walk sees what it should)', async () => {
    await page.goto('/home');
    expect(await englishOnPage()).toEqual(expect.arrayContaining(['TRENDING', 'Search']));
  });

  it('switches to Hindi from the menu, keeps it over a reload, and marks the page lang="hi"', async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Main menu' })
      .getByRole('button', { name: 'हिन्दी' })
      .click();
    await page.getByRole('heading', { name: 'ट्रेंडिंग छूट' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await page.keyboard.press('Escape');
    await page.reload();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await page.getByRole('heading', { name: 'ट्रेंडिंग छूट' }).waitFor();
    expect(await page.evaluate(() => document.cookie)).toContain('lang=hi');
    await screenshot(page, 'hindi-01-home');
  });

  it('shows every page signed out in Hindi', async () => {
    const products = await Promise.all(['MLBB', 'GENSHIN', 'HOK', 'OTHER'].map(productIdOfType));
    const paths = [
      '/',
      '/home',
      ...products.filter(Boolean).map((id) => `/product/${id}`),
      '/about',
      '/contact',
      '/faq',
      '/privacypage',
      '/refund-policy',
      '/terms-and-condition',
      '/comingsoon',
      '/referandearn',
      '/test',
      '/login',
      '/register',
      '/register?ref=ABCD2345',
      '/otplogin',
      '/otpverify/9876543210',
      '/forgetpassword',
      '/checkverification',
      '/reset_password/1/not-a-token',
      '/verification/1/not-a-token',
      '/order-lookup',
      '/confirmation?client_txn_id=NOPE',
      '/walletconfirmation',
      '/no-such-page',
    ];
    for (const path of paths) await walk('signed out', path);

    // The guest checkout sheet of a product page.
    const { choosePack, button } = shop();
    await choosePack(
      'BGMI',
      '325 UC',
      ['Character ID', '5123456789'],
      ['Player Name', 'Ravi'],
    ).catch(() => undefined);
    if (await button('बिना खाते के ख़रीदें').count()) {
      await button('बिना खाते के ख़रीदें').first().click();
      const english = await englishOnPage();
      if (english.length) found.set('guest sheet', new Set(english));
    }
    expect(Object.fromEntries([...found].map(([key, words]) => [key, [...words]]))).toEqual({});
  });

  it('shows a customer’s pages in Hindi, with lakh grouping and Hindi plurals', async () => {
    await adminCredit(app, customer.email, 100000);
    const orderid = await placeWalletOrder(app, customer.email, customer.password, {
      product: 'BGMI',
      pack: '60 UC',
      input1: '5123456789',
      input2: 'Ravi',
    });
    await signInInHindi(customer);

    for (const path of [
      '/home',
      '/dashboard',
      '/orders',
      '/wallet',
      '/topup',
      '/redeem',
      '/referandearn',
      '/balanceerror',
      '/dashboard/bulk-orders',
      `/confirmation?client_txn_id=${orderid}`,
      '/walletconfirmation?client_txn_id=NOPE',
    ]) {
      await walk('customer', path);
    }

    // The pay sheet of a product page.
    const { choosePack, button } = shop();
    await choosePack(
      'BGMI',
      '325 UC',
      ['Character ID', '5123456789'],
      ['Player Name', 'Ravi'],
    ).catch(() => undefined);
    if (await button('भुगतान के लिए आगे बढ़ें').count()) {
      await button('भुगतान के लिए आगे बढ़ें').first().click();
      await page.getByRole('dialog').waitFor();
      const english = await englishOnPage();
      if (english.length) found.set('pay sheet', new Set(english));
      await screenshot(page, 'hindi-02-pay-sheet');
    }
    expect(Object.fromEntries([...found].map(([key, words]) => [key, [...words]]))).toEqual({});

    // ₹1,00,000 in lakh grouping, the Hindi way.
    await page.goto('/wallet');
    await page
      .getByText(/1,00,0\d\d\.\d\d|99,9\d\d\.\d\d/)
      .first()
      .waitFor();
    // Hindi's "one" covers 0: no friend joined yet reads in the singular ("जुड़ा"), where
    // English says "0 friends joined".
    await page.goto('/dashboard');
    await page.getByText(/0 दोस्त जुड़ा ·/).waitFor();
    await screenshot(page, 'hindi-03-dashboard');
  });

  it('shows a reseller’s pages in Hindi', async () => {
    // Signed out, the choice stays: it is a preference of this browser, not of the account.
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('lang', 'hi');
    });
    await signInInHindi(reseller);
    const mlbb = await productIdOfType('MLBB');
    for (const path of [
      '/home',
      '/dashboard',
      '/dashboard/bulk-orders',
      '/orders',
      `/product/${mlbb}`,
    ]) {
      await walk('reseller', path);
    }
    expect(Object.fromEntries([...found].map(([key, words]) => [key, [...words]]))).toEqual({});
  });

  it('shows English again once English is chosen', async () => {
    await page.goto('/home');
    await page.locator('.footer-language').getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'TRENDING DISCOUNTS' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });
});
