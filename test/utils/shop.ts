import type { Page } from 'playwright-core';
import type { TestApp } from './app.js';

/** What a customer does on the storefront, for browser tests against an in-process store. */
export function shopper(app: TestApp, page: () => Page) {
  const input = (label: string) =>
    page().getByLabel(label, { exact: true }).and(page().locator('input, select'));
  const button = (name: string) => page().getByRole('button', { name, exact: true });

  const productId = async (name: string) =>
    (await app.sql<{ id: string }>('SELECT id FROM products WHERE name = $1', [name]))[0].id;

  async function logIn(email: string, password: string) {
    await page().goto('/login');
    await input('Email').fill(email);
    await input('Password').fill(password);
    await button('Sign In').click();
    await page().waitForURL('**/home');
  }

  async function fill(label: string, value: string) {
    const field = input(label);
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }

  async function choosePack(
    product: string,
    pack: string,
    first: [string, string],
    second: [string, string],
  ) {
    await page().goto(`/product/${await productId(product)}`);
    await fill(...first);
    await fill(...second);
    await page()
      .getByRole('button', { name: new RegExp(`(?<!\\w)${pack.replace(/[+()]/g, '\\$&')}`) })
      .click();
  }

  /**
   * Presses Check Username and waits for `name`; when it does not come, fails with what the page
   * shows instead (the fields, the chosen pack, the check's answer, any toast), so a failure says
   * which step went wrong.
   */
  async function checkUsername(name: string) {
    await button('Check Username').click();
    try {
      await page().getByText(`Username: ${name}`).first().waitFor();
    } catch (failure) {
      const shown = await page()
        .evaluate(() => ({
          url: location.href,
          drawn: !!document.getElementById('static-player-1'),
          fields: [...document.querySelectorAll('input')].map((field) => field.value),
          chosen: [...document.querySelectorAll('[aria-pressed="true"]')].map((element) =>
            element.textContent?.trim(),
          ),
          check: document.querySelector('.username-check')?.textContent,
          toasts: [...document.querySelectorAll('.Toastify__toast')].map((t) => t.textContent),
        }))
        .catch((error: unknown) => String(error));
      throw new Error(`Username: ${name} never showed; the page shows ${JSON.stringify(shown)}`, {
        cause: failure,
      });
    }
  }

  /**
   * The first request to `path` reaches the server and is carried out, but its answer never
   * reaches the browser (the connection drops). Returns how many answers were lost so far.
   */
  async function loseFirstAnswer(path: string) {
    let lost = 0;
    await page().route(`**/api${path}`, async (route) => {
      if (lost > 0) return route.continue();
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    return () => lost;
  }

  return { input, button, productId, logIn, fill, choosePack, checkUsername, loseFirstAnswer };
}

export async function userByEmail(app: TestApp, email: string) {
  const [user] = await app.sql<{ id: string; userid: string; balance: string }>(
    'SELECT id, userid, balance FROM users WHERE email = $1',
    [email],
  );
  return { id: user.id, userid: Number(user.userid), balance: Number(user.balance) / 100 };
}

/** A bearer token for a demo account, through the API. */
export async function apiToken(app: TestApp, email: string, password: string) {
  const response = await app.http().post('/api/auth/login').send({ email, password }).expect(200);
  return (response.body as { token: string }).token;
}

/** The demo admin credits the customer's Z-Coins, as from the console. */
export async function adminCredit(app: TestApp, email: string, rupees: number) {
  const token = await apiToken(app, 'admin@example.com', 'Admin@12345');
  const { userid } = await userByEmail(app, email);
  await app
    .http()
    .post('/api/admin/adduserbalance')
    .set('Authorization', `Bearer ${token}`)
    .send({ userId: userid, email, amount: rupees })
    .expect(200);
}

/** A Z-Coins order placed through the API, as another device of the customer would; its orderid. */
export async function placeWalletOrder(
  app: TestApp,
  email: string,
  password: string,
  order: { product: string; pack: string; input1: string; input2: string },
) {
  const token = await apiToken(app, email, password);
  const [item] = await app.sql<{ id: string; itemid: string; product_id: string }>(
    `SELECT i.id, i.itemid, p.id AS product_id FROM products p
     JOIN items i ON i.itemid = ANY (p.items) WHERE p.name = $1 AND i.name = $2`,
    [order.product, order.pack],
  );
  const response = await app
    .http()
    .post('/api/order/createWalletOrder')
    .set('Authorization', `Bearer ${token}`)
    .send({
      itemid: Number(item.itemid),
      item_id: item.id,
      product_id: item.product_id,
      userid: (await userByEmail(app, email)).userid,
      input1: order.input1,
      input2: order.input2,
    })
    .expect(200);
  return (response.body as { orderid: string }).orderid;
}
