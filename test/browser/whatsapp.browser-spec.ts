import type { Browser, Page } from 'playwright-core';
import { WHATSAPP_CONSENT_TEXT } from '@zstore/contract/whatsapp-consent';
import type { TestApp } from '../utils/app.js';
import path from 'node:path';
import {
  ARTIFACTS,
  desktopPage,
  launchBrowser,
  phonePage,
  screenshot,
  startShop,
} from '../utils/browser.js';
import { apiToken, shopper, userByEmail } from '../utils/shop.js';
import { waitFor } from '../utils/wait.js';

const EMAIL = 'user@example.com';
const PASSWORD = 'User@12345';
const MOBILE = '9000000001';

/**
 * Order news on WhatsApp in the browser: the customer ticks the opt-in in the checkout sheet,
 * the order completes, and the message arrives in the sandbox outbox (where a developer can
 * reply STOP); the dashboard shows the choice.
 */
describe('WhatsApp order updates in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const shop = () => shopper(app, () => page);

  beforeAll(async () => {
    app = await startShop();
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function optedIn() {
    const { id } = await userByEmail(app, EMAIL);
    const rows = await app.sql<{ action: string; channel: string; text: string }>(
      'SELECT action, channel, text FROM whatsapp_consents WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [id],
    );
    return rows[0];
  }

  async function turnOffByApi() {
    const token = await apiToken(app, EMAIL, PASSWORD);
    await app
      .http()
      .put('/api/whatsapp/consent')
      .set('Authorization', `Bearer ${token}`)
      .send({ optIn: false, channel: 'profile' })
      .expect(200);
  }

  async function turnOnByApi() {
    const token = await apiToken(app, EMAIL, PASSWORD);
    await app
      .http()
      .put('/api/whatsapp/consent')
      .set('Authorization', `Bearer ${token}`)
      .send({ optIn: true, channel: 'profile' })
      .expect(200);
  }

  /** The sign-in codes sent to MOBILE on WhatsApp so far, newest first. */
  async function whatsAppCodes() {
    const response = await app.http().get('/api/sandbox/outbox').query({ to: MOBILE }).expect(200);
    return (response.body as Array<{ channel: string; subject: string | null; text: string }>)
      .filter((m) => m.channel === 'whatsapp' && m.subject === 'zstore_sign_in_code')
      .map((m) => /^(\d{4}) is your verification code/.exec(m.text)![1]);
  }

  async function buyWithWhatsApp(prefix: string) {
    const { logIn, choosePack, checkUsername, button } = shop();
    await logIn(EMAIL, PASSWORD);
    await choosePack(
      'Mobile Legends (Brazil server)',
      '86 Diamonds',
      ['User ID', '10000001'],
      ['Zone ID', '1001'],
    );
    await checkUsername('SandboxHero');
    await button('Proceed to Payment').click();
    await page.getByRole('radio', { name: /Z-Coins/ }).click();
    const optIn = page.getByRole('checkbox', { name: 'Get order updates on WhatsApp' });
    await optIn.waitFor();
    expect(await optIn.isChecked()).toBe(false);
    await page.getByText(WHATSAPP_CONSENT_TEXT).waitFor();
    await optIn.check();
    // The sheet as the customer sees it: the viewport, once its opening animation has ended.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}-01-checkout-optin.png`) });
    await button('Confirm Order').click();
    await page.waitForURL('**/confirmation?client_txn_id=*');
    const orderid = new URL(page.url()).searchParams.get('client_txn_id')!;
    expect(await optedIn()).toEqual({
      action: 'opt_in',
      channel: 'checkout',
      text: WHATSAPP_CONSENT_TEXT,
    });
    await page.getByText('Completed', { exact: true }).first().waitFor({ timeout: 20_000 });

    await page.goto(`/sandbox/outbox?to=${MOBILE}`);
    const message = page.locator('.msg.whatsapp', { hasText: orderid }).first();
    await waitFor(
      async () => {
        if (await message.count()) return true;
        await page.reload();
        return false;
      },
      15_000,
      'the WhatsApp message in the outbox',
    );
    const text = await message.innerText();
    expect(text).toContain(`Your Z Store order ${orderid} is complete`);
    expect(text).toContain('86 Diamonds');
    expect(text).toContain('(in-game name: SandboxHero)');
    expect(text).toContain(`WHATSAPP to 91${MOBILE}`);
    await screenshot(page, `${prefix}-02-outbox`);
    return { orderid, message };
  }

  it('on a phone: the opt-in in the checkout sheet, the message in the outbox, and Reply STOP', async () => {
    page = await phonePage(browser, app.url);
    page.setDefaultTimeout(15_000);
    const { message } = await buyWithWhatsApp('whatsapp-phone');

    await message.getByRole('button', { name: 'Reply STOP' }).click();
    await page.waitForURL(`**/sandbox/outbox?to=${MOBILE}`);
    expect(await optedIn()).toEqual({ action: 'opt_out', channel: 'whatsapp', text: 'STOP' });
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'WhatsApp updates' });
    await card.getByRole('button', { name: 'Turn on WhatsApp updates' }).waitFor();
    await screenshot(page, 'whatsapp-phone-03-dashboard-off');
    await page.context().close();
  }, 120_000);

  it('on a desktop: the same, and the dashboard shows WhatsApp on and turns it off', async () => {
    await turnOffByApi();
    page = await desktopPage(browser, app.url);
    page.setDefaultTimeout(15_000);
    await buyWithWhatsApp('whatsapp-desktop');

    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'WhatsApp updates' });
    await card.getByText(`WhatsApp at ${MOBILE}`).waitFor();
    await screenshot(page, 'whatsapp-desktop-03-dashboard-on');
    await card.getByRole('button', { name: 'Turn off WhatsApp updates' }).click();
    await card.getByRole('button', { name: 'Turn on WhatsApp updates' }).waitFor();
    expect(await optedIn()).toMatchObject({ action: 'opt_out', channel: 'profile' });
    await page.context().close();
  }, 120_000);

  it('on a phone: signs in with a code sent on WhatsApp', async () => {
    await turnOnByApi();
    page = await phonePage(browser, app.url);
    page.setDefaultTimeout(15_000);
    const earlier = await whatsAppCodes();
    await page.goto('/otplogin');
    await page.getByLabel('Mobile Number', { exact: true }).fill(MOBILE);
    await page.getByRole('button', { name: 'Send on WhatsApp instead', exact: true }).click();
    await page.waitForURL(`**/otpverify/${MOBILE}`);
    await screenshot(page, 'whatsapp-phone-04-otp-verify');

    const code = await waitFor(
      async () => (await whatsAppCodes()).find((sent) => !earlier.includes(sent)),
      15_000,
      'the sign-in code on WhatsApp',
    );
    for (const [index, digit] of [...code].entries()) {
      await page.getByLabel(`Digit ${index + 1}`).fill(digit);
    }
    // The fourth digit submits the code by itself.
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeTruthy();
    await page.goto(`/sandbox/outbox?to=${MOBILE}`);
    const message = page.locator('.msg.whatsapp', { hasText: `${code} is your verification code` });
    await message.first().waitFor();
    expect(await message.first().innerText()).toContain('zstore_sign_in_code');
    await screenshot(page, 'whatsapp-phone-05-otp-outbox');
    await page.context().close();
  }, 120_000);
});
