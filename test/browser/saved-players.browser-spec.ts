import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import {
  appTookOver,
  launchBrowser,
  screenshot,
  startShop,
  PHONE,
  pageAt,
} from '../utils/browser.js';
import { adminCredit, placeWalletOrder, shopper } from '../utils/shop.js';

/** The player last ordered for follows the customer to a new phone, and can be deleted. */
describe('saved players in the browser', () => {
  const email = 'user@example.com';
  const password = 'User@12345';
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const shop = () => shopper(app, () => page);

  beforeAll(async () => {
    app = await startShop();
    browser = await launchBrowser();
    page = await pageAt(browser, app.url, PHONE);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('fills in the player ordered for on another device', async () => {
    await adminCredit(app, email, 100);
    await placeWalletOrder(app, email, password, {
      product: 'BGMI',
      pack: '60 UC',
      input1: '5123456789',
      input2: 'Ravi',
    });
    const { logIn, input, productId } = shop();
    await logIn(email, password);
    await page.goto(`/product/${await productId('BGMI')}`);
    await page.getByText('60 UC').first().waitFor();
    await expectInputs(input, '5123456789', 'Ravi');
    await screenshot(page, 'saved-players-01-prefilled');
  });

  it('lists the saved players on the dashboard and deletes one', async () => {
    const { input, productId } = shop();
    await page.goto('/dashboard');
    const saved = page.getByRole('region', { name: 'Saved players' });
    await saved.getByText('5123456789 · Ravi').waitFor();
    expect(await saved.innerText()).toContain('BGMI');
    await screenshot(page, 'saved-players-02-dashboard');

    await saved.getByRole('button', { name: 'Delete saved player for BGMI' }).click();
    await saved.getByText('No saved players yet', { exact: false }).waitFor();
    await screenshot(page, 'saved-players-03-deleted');

    const answered = page.waitForResponse((r) => r.url().includes('/api/savedplayers/'));
    await page.goto(`/product/${await productId('BGMI')}`);
    await answered;
    await page.getByText('60 UC').first().waitFor();
    await expectInputs(input, '', '');
  });

  it('leaves the player fields to a customer who reached them before the saved player came', async () => {
    await placeWalletOrder(app, email, password, {
      product: 'BGMI',
      pack: '60 UC',
      input1: '5123456789',
      input2: 'Ravi',
    });
    const { input, productId } = shop();
    const { answer } = await holdSavedPlayers();
    await page.goto(`/product/${await productId('BGMI')}`);
    await input('Character ID').click();
    await answer();
    // The saved player's answer has been drawn before the customer types on.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.keyboard.type('5987654321');
    await expectInputs(input, '5987654321', '');
    await page.unroute('**/api/savedplayers/**');
  });

  it('leaves the player fields to a customer who reaches them while the saved player is being filled in', async () => {
    const { input, productId } = shop();
    const { answer } = await holdSavedPlayers();
    await page.goto(`/product/${await productId('BGMI')}`);
    await appTookOver(page);
    // The customer taps the field in the very task in which the page takes the saved player in
    // (it is remembered on this device first), before the page has drawn it.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith('zs_player:')) localStorage.removeItem(key);
      }
      const original = Object.getOwnPropertyDescriptor(Storage.prototype, 'setItem')!;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        (original.value as Storage['setItem']).call(this, key, value);
        if (!key.startsWith('zs_player:')) return;
        Object.defineProperty(Storage.prototype, 'setItem', original);
        queueMicrotask(() => {
          const field = document.querySelector<HTMLInputElement>(
            'input[data-shell-key="player-1"]',
          );
          field?.focus();
          field?.select();
        });
      };
    });
    await answer();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.keyboard.type('5987654321');
    await expectInputs(input, '5987654321', '');
    await page.unroute('**/api/savedplayers/**');
  });

  /**
   * Holds the account's saved-players answer until `answer()`, which lets it through and resolves
   * once it has reached the page.
   */
  async function holdSavedPlayers() {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/savedplayers/**', async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse((r) => r.url().includes('/api/savedplayers/'));
    return {
      answer: async () => {
        release();
        await answered;
      },
    };
  }

  async function expectInputs(
    input: ReturnType<typeof shopper>['input'],
    first: string,
    second: string,
  ) {
    for (let attempt = 0; ; attempt += 1) {
      const values = [
        await input('Character ID').inputValue(),
        await input('Player Name').inputValue(),
      ];
      if (values[0] === first && values[1] === second) return;
      if (attempt > 30) expect(values).toEqual([first, second]);
      await page.waitForTimeout(100);
    }
  }
});
