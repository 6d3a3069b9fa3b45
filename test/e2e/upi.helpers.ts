import { istDate } from '../../server/src/common/india-time.js';
import type { TestApp } from '../utils/app.js';
import { orderBody, type CatalogEntry, type Shopper } from './money.helpers.js';

export const mlbb = { input1: '10000001', input2: '1001' };

/** A paid MLBB order is Processing until the supplier delivers it, then Completed. */
export const PAID = ['Processing', 'Completed'];

export async function placeUpi(
  app: TestApp,
  shopper: Shopper,
  entry: CatalogEntry,
  extra: Record<string, unknown> = {},
) {
  const response = await app
    .http()
    .post('/api/order/createOrder')
    .set(shopper.auth)
    .send(orderBody(shopper, entry, { ...mlbb, paymentmode: 'upi', ...extra }))
    .expect(200);
  const body = response.body as { status: boolean; data: { orderid: string; payment_url: string } };
  expect(body.status).toBe(true);
  return { orderid: body.data.orderid, paymentUrl: body.data.payment_url };
}

export const orderStatus = (app: TestApp, shopper: Shopper, orderid: string) =>
  app
    .http()
    .post('/api/order/orderstatus')
    .set(shopper.auth)
    .send({ client_txn_id: orderid, date: istDate(new Date()) })
    .expect(200);

export const orderRow = async (app: TestApp, orderid: string) =>
  (
    await app.sql<{
      status: string;
      attention: string | null;
      reason: string | null;
      transactionid: string | null;
      coupon_held: boolean;
    }>(
      'SELECT status, attention, reason, transactionid, coupon_held FROM orders WHERE orderid = $1',
      [orderid],
    )
  )[0];
