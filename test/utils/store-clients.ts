import { Messages } from '@zstore/contract/messages';
import type { TokenService } from '../../server/src/modules/auth/token.service.js';
import { query } from './database.js';
import { userFactory } from './factories.js';

/**
 * Clients of store processes (process-tier tests): shoppers made in the database with tokens
 * signed as the store signs them, Z-Coins credited through the admin's call, and Z-Coins orders
 * sent with an Idempotency-Key, each answer read as a client retrying with its key reads it.
 */
export interface Shopper {
  id: string;
  userid: number;
  email: string;
  token: string;
}

export interface Item {
  itemid: number;
  itemId: string;
  productId: string;
  price: number;
}

/** The two inputs an order carries (player id and zone, say). */
export type OrderInputs = { input1: string; input2: string };

export type Answer =
  { status: number; body: { code?: string; msg?: string; message?: string } } | { refused: string };

const IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';

export function storeClients(databaseUrl: string, tokens: TokenService) {
  const sql = <T>(text: string, params: unknown[] = []) => query<T>(databaseUrl, text, params);

  const sessionToken = (user: { id: string; userid: number }, role = 'user') =>
    tokens.issue({ id: user.id, userid: user.userid, role: role as never, tokenVersion: 0 });

  async function newShoppers(count: number): Promise<Shopper[]> {
    const users = await userFactory.transient({ app: { sql } }).createList(count);
    return Promise.all(users.map(async (user) => ({ ...user, token: await sessionToken(user) })));
  }

  /** Z-Coins through the admin's credit call, so the wallet row and ledger legs are the store's own. */
  async function credit(url: string, shopper: Shopper, rupees: number) {
    const [admin] = await sql<{ id: string; userid: string }>(
      `SELECT id, userid FROM users WHERE email = 'admin@example.com'`,
    );
    const token = await sessionToken({ id: admin.id, userid: Number(admin.userid) }, 'admin');
    const response = await fetch(`${url}/api/admin/adduserbalance`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: shopper.userid, email: shopper.email, amount: rupees }),
    });
    if (response.status !== 200) throw new Error(`credit: ${response.status}`);
  }

  async function walletOrder(
    url: string,
    shopper: Shopper,
    item: Item,
    key: string,
    inputs: OrderInputs = { input1: '12345678', input2: 'Hero' },
  ): Promise<Answer> {
    try {
      const response = await fetch(`${url}/api/order/createWalletOrder`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${shopper.token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify({
          itemid: item.itemid,
          item_id: item.itemId,
          product_id: item.productId,
          userid: shopper.userid,
          ...inputs,
        }),
      });
      const body = (await response.json()) as { code?: string; msg?: string; message?: string };
      return { status: response.status, body };
    } catch (error) {
      return { refused: String((error as Error & { cause?: unknown }).cause ?? error) };
    }
  }

  /** A demo account signed in through the API's login, as a shopper. */
  async function signIn(url: string, email: string, password: string): Promise<Shopper> {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`sign in: ${response.status}`);
    const { token } = (await response.json()) as { token: string };
    const [user] = await sql<{ id: string; userid: string }>(
      'SELECT id, userid FROM users WHERE email = $1',
      [email],
    );
    return { id: user.id, userid: Number(user.userid), email, token };
  }

  /** A pack of the catalogue by its product's and its own name. */
  async function catalogItem(product: string, pack: string): Promise<Item> {
    const [row] = await sql<{
      product_id: string;
      item_id: string;
      itemid: string;
      discountedprice: string;
    }>(
      `SELECT p.id AS product_id, i.id AS item_id, i.itemid, i.discountedprice
       FROM products p JOIN items i ON i.itemid = ANY(p.items) WHERE p.name = $1 AND i.name = $2`,
      [product, pack],
    );
    if (!row) throw new Error(`no pack ${pack} of ${product}`);
    return {
      productId: row.product_id,
      itemId: row.item_id,
      itemid: Number(row.itemid),
      price: Number(row.discountedprice),
    };
  }

  /** A UPI order through the API (awaiting its payment); its orderid. */
  async function upiOrder(
    url: string,
    shopper: Shopper,
    item: Item,
    inputs: OrderInputs,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${url}/api/order/createOrder`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${shopper.token}`,
        'Content-Type': 'application/json',
        ...headers,
      },
      body: JSON.stringify({
        itemid: item.itemid,
        item_id: item.itemId,
        product_id: item.productId,
        userid: shopper.userid,
        ...inputs,
        paymentmode: 'upi',
      }),
    });
    if (response.status !== 200) throw new Error(`UPI order: ${response.status}`);
    return {
      orderid: ((await response.json()) as { data: { orderid: string } }).data.orderid,
      response,
    };
  }

  /** An order's status as the database has it. */
  const orderStatus = async (orderid: string) =>
    (await sql<{ status: string }>('SELECT status FROM orders WHERE orderid = $1', [orderid]))[0]
      ?.status;

  return {
    sql,
    sessionToken,
    newShoppers,
    credit,
    walletOrder,
    signIn,
    catalogItem,
    upiOrder,
    orderStatus,
  };
}

/** Another attempt under the same key is still running somewhere: ask again later. */
const stillRunning = (answer: Answer) =>
  'status' in answer &&
  answer.status === 409 &&
  answer.body.code === IN_PROGRESS &&
  answer.body.message === Messages.idempotencyInProgress;

/** An answer the client can act on (not a refused connection, not "still running"). */
export const definitive = (answer: Answer) => 'status' in answer && !stillRunning(answer);

/** The order was placed but the process that placed it took its answer with it. */
export const answerLost = (answer: Answer) =>
  'status' in answer &&
  answer.status === 409 &&
  answer.body.message === Messages.idempotencyCommitted;
