import { TransactionHost } from '@nestjs-cls/transactional';
import { TokenService } from '../../server/src/modules/auth/token.service.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { WalletService } from '../../server/src/modules/wallet/wallet.service.js';
import type { TestApp } from '../utils/app.js';
import type { UserFields } from '../utils/factories.js';
import { insertUser } from './helpers/accounts.js';

export interface Shopper {
  id: string;
  userid: number;
  email: string;
  token: string;
  auth: { Authorization: string };
}

/** A verified account made directly in the database, with a session token and optional Z-Coins (paise). */
export async function newShopper(
  app: TestApp,
  options: { role?: UserFields['role']; balance?: number; mobile?: string | null } = {},
): Promise<Shopper> {
  const { balance, ...fields } = options;
  const user = await insertUser(app, fields);
  if (balance) await credit(app, user, balance);
  return sessionFor(app, user, user.role);
}

/** A session for an existing account (e.g. the seeded demo user). */
export async function sessionOf(app: TestApp, email: string): Promise<Shopper> {
  const [row] = await app.sql<{ id: string; userid: string; role: string }>(
    'SELECT id, userid, role FROM users WHERE email = $1',
    [email],
  );
  return sessionFor(app, { id: row.id, userid: Number(row.userid), email }, row.role);
}

async function sessionFor(
  app: TestApp,
  user: { id: string; userid: number; email: string },
  role: string,
): Promise<Shopper> {
  const token = await app.store.app
    .get(TokenService)
    .issue({ id: user.id, userid: user.userid, role: role as never, tokenVersion: 0 });
  return { ...user, token, auth: { Authorization: `Bearer ${token}` } };
}

/** An admin credit through the ledger (system:admin -> wallet), as the admin call will make it. */
export async function credit(
  app: TestApp,
  user: { id: string; userid: number; email: string },
  paise: number,
) {
  await app.store.app
    .get(TransactionHost)
    .withTransaction(() => app.store.app.get(WalletService).creditFromAdmin(user, paise));
}

/** Asserts the ledger invariants: cached balances match entries, entries balance, nothing negative. */
export async function expectLedgerConsistent(app: TestApp) {
  const report = await app.store.app.get(LedgerService).check();
  expect(report.problems).toEqual([]);
}

export interface CatalogEntry {
  productId: string;
  itemId: string;
  itemid: number;
  price: number;
}

/** A demo product's first in-stock item, by product name. */
export async function catalogEntry(
  app: TestApp,
  productName: string,
  itemName?: string,
): Promise<CatalogEntry> {
  const rows = await app.sql<{
    product_id: string;
    item_id: string;
    itemid: string;
    discountedprice: string;
  }>(
    `SELECT p.id AS product_id, i.id AS item_id, i.itemid, i.discountedprice
     FROM products p JOIN items i ON i.itemid = ANY(p.items)
     WHERE p.name = $1 AND ($2::text IS NULL OR i.name = $2) AND i.instock ORDER BY i.itemid LIMIT 1`,
    [productName, itemName ?? null],
  );
  if (!rows[0]) throw new Error(`no demo item for ${productName} ${itemName ?? ''}`);
  return {
    productId: rows[0].product_id,
    itemId: rows[0].item_id,
    itemid: Number(rows[0].itemid),
    price: Number(rows[0].discountedprice),
  };
}

/** A product with one item at `pricePaise`, made for a test (BGMI-like: player id + name). */
export async function testItem(
  app: TestApp,
  pricePaise: number,
  options: { type?: string; category?: string } = {},
): Promise<CatalogEntry> {
  const [item] = await app.sql<{ id: string; itemid: string }>(
    `INSERT INTO items (name, originalprice, discountedprice, resellprice) VALUES ($1, $2, $2, $2) RETURNING id, itemid`,
    [`Test pack ${pricePaise}`, pricePaise],
  );
  const [product] = await app.sql<{ id: string }>(
    `INSERT INTO products (name, type, category, imgpath, inputs, items) VALUES ($1, $2, $3, '/x.svg', '[{"label":"ID"},{"label":"Name"}]', $4)
     RETURNING id`,
    [
      `Test product ${item.itemid}`,
      options.type ?? 'OTHER',
      options.category ?? 'games',
      [Number(item.itemid)],
    ],
  );
  return { productId: product.id, itemId: item.id, itemid: Number(item.itemid), price: pricePaise };
}

/** The spec's order body for `entry`, placed by `shopper`. */
export function orderBody(
  shopper: Shopper,
  entry: CatalogEntry,
  extra: Record<string, unknown> = {},
) {
  return {
    itemid: entry.itemid,
    item_id: entry.itemId,
    product_id: entry.productId,
    userid: shopper.userid,
    input1: '12345678',
    input2: 'Hero',
    ...extra,
  };
}

/** Reads a user's cached balances (paise, hundredths of a point). */
export async function balancesOf(app: TestApp, userid: number) {
  const [row] = await app.sql<{ balance: string; points: string }>(
    'SELECT balance, points FROM users WHERE userid = $1',
    [userid],
  );
  return { balance: Number(row.balance), points: Number(row.points) };
}

export { waitFor } from '../utils/wait.js';
