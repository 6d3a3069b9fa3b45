import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../utils/app.js';
import { launchBrowser, screenshot, startShop, PHONE, pageAt } from '../utils/browser.js';
import { shopper } from '../utils/shop.js';

/** The reseller makes an API key on the dashboard, sees its secret once, and revokes it. */
describe('API keys on the reseller dashboard', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startShop();
    browser = await launchBrowser();
    page = await pageAt(browser, app.url, PHONE);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('creates a key, shows its secret once with a warning, and revokes it', async () => {
    await shopper(app, () => page).logIn('reseller@example.com', 'Reseller@12345');
    await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByText('No API keys yet.').waitFor();
    await section.getByLabel('Key label').fill('Telegram bot');
    await section.getByLabel('Mode').selectOption('test');
    await section.getByLabel('Allowed IPs').fill('203.0.113.0/24');
    await section.getByRole('button', { name: 'Create key' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await dialog.getByText('shown only this once', { exact: false }).waitFor();
    const secret = await dialog.getByTestId('api-key-secret').innerText();
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    await dialog.getByRole('button', { name: 'Copy secret' }).waitFor();
    await screenshot(page, 'reseller-keys-01-secret-once');
    await dialog.getByRole('button', { name: 'I have saved it' }).click();

    await section.getByText('Telegram bot').waitFor();
    expect(await section.innerText()).toContain('203.0.113.0/24');
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'reseller-keys-02-listed');

    await section.getByRole('button', { name: 'Revoke Telegram bot' }).click();
    await section.getByText('Revoked', { exact: false }).waitFor();
    const [row] = await app.sql<{ revoked_at: Date | null }>(
      `SELECT revoked_at FROM reseller_api_keys WHERE label = 'Telegram bot'`,
    );
    expect(row.revoked_at).not.toBeNull();
  });
});
