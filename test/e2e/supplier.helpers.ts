import { moogoldAuth } from '../../server/src/providers/moogold/moogold.adapter.js';
import { smileSign } from '../../server/src/providers/smileone/smileone.adapter.js';
import type { TestApp } from '../utils/app.js';
import { newShopper, orderBody, type CatalogEntry } from './money.helpers.js';

export type Supplier = 'smileone' | 'moogold';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

let playerSequence = 0;
/** A fresh player id of the simulators' delivery table, ending in `suffix` (13 refused, 99 held). */
export function testPlayer(suffix: string) {
  playerSequence += 1;
  return `5${String(Date.now() % 1e6).padStart(6, '0')}${String(playerSequence).padStart(2, '0')}${suffix}`;
}

/** Sets a simulator's fault mode (`{}` clears it). */
export async function setFaults(
  app: TestApp,
  supplier: Supplier,
  settings: { fault?: string; endpoint?: string; delayMs?: number; count?: number } = {},
) {
  await app.http().post(`/sandbox/${supplier}/faults`).send(settings).expect(200);
}

export async function smileOrders(app: TestApp, userid: string) {
  const response = await app.http().get(`/sandbox/smileone/orders?userid=${userid}`).expect(200);
  return (response.body as { orders: SmileOrder[] }).orders;
}

interface SmileOrder {
  order_id: string;
  region: string;
  userid: string;
  zoneid: string;
  productid: string;
  price: string;
}

export async function moogoldOrders(
  app: TestApp,
  query: { partnerOrderId?: string; playerId?: string },
) {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const response = await app.http().get(`/sandbox/moogold/orders?${params}`).expect(200);
  return (response.body as { orders: MoogoldOrder[] }).orders;
}

interface MoogoldOrder {
  order_id: string;
  partner_order_id: string | null;
  variation_id: string;
  player_id: string;
  server_id: string;
  status: string;
  price: string;
}

export async function balances(app: TestApp, supplier: Supplier) {
  return (await app.http().get(`/sandbox/${supplier}/balances`).expect(200)).body as Record<
    string,
    string
  >;
}

/**
 * A hand-made Smile.one call, signed with `key` (the store's unless given) at `time`; `tamper`
 * changes parameters after signing.
 */
export async function smileCall(
  app: TestApp,
  path: string,
  params: Record<string, string>,
  options: { key?: string; time?: number; tamper?: Record<string, string>; json?: boolean } = {},
) {
  const { uid, email, key } = app.config.smileone;
  const all: Record<string, string> = {
    uid,
    email,
    time: String(options.time ?? nowSeconds()),
    ...params,
  };
  const signed = { ...all, sign: smileSign(all, options.key ?? key), ...options.tamper };
  const response = await fetch(`${app.url}/sandbox/smileone${path}`, {
    method: 'POST',
    headers: {
      'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
    },
    body: options.json ? JSON.stringify(signed) : new URLSearchParams(signed).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A hand-made MooGold call: `body` is sent as these exact bytes, signed as `sign` says. */
export async function moogoldCall(
  app: TestApp,
  path: string,
  body: string,
  options: {
    secret?: string;
    partnerId?: string;
    timestamp?: number;
    signedBody?: string;
    signedPath?: string;
  } = {},
) {
  const { partnerId, secret } = app.config.moogold;
  const timestamp = String(options.timestamp ?? nowSeconds());
  const key = options.secret ?? secret;
  const response = await fetch(`${app.url}/sandbox/moogold/wp-json/v1/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${options.partnerId ?? partnerId}:${key}`).toString('base64')}`,
      timestamp,
      auth: moogoldAuth(key, options.signedBody ?? body, timestamp, options.signedPath ?? path),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export { readUntil as waitFor } from '../utils/wait.js';

/** A new shopper with `balance` paise who buys `entry` with Z-Coins for the given player. */
export async function placeWalletOrder(
  app: TestApp,
  entry: CatalogEntry,
  player: { input1: string; input2: string; balance: number },
) {
  const shopper = await newShopper(app, { balance: player.balance });
  const response = await app
    .http()
    .post('/api/order/createWalletOrder')
    .set(shopper.auth)
    .send(
      orderBody(shopper, entry, {
        input1: player.input1,
        input2: player.input2,
        paymentmode: 'wallet',
      }),
    )
    .expect(200);
  return { shopper, orderid: (response.body as { orderid: string }).orderid };
}
