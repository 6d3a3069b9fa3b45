import type { TestApp } from '../../utils/app.js';
import { orderBody, type CatalogEntry, type Shopper } from '../money.helpers.js';
import { SEEDED } from './accounts.js';
import { nextAddress } from './http.js';

/** The calls that need Redis to answer (a sign-in, a Z-Coins order, a top-up), by name. */
export function redisRoutes(app: TestApp, shopper: Shopper, diamonds: CatalogEntry) {
  return {
    login: () =>
      app
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', nextAddress())
        .send({ email: SEEDED.user.email, password: SEEDED.user.password }),
    walletOrder: () =>
      app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(
          orderBody(shopper, diamonds, {
            input1: '10000001',
            input2: '1001',
            paymentmode: 'wallet',
          }),
        ),
    topup: () =>
      app
        .http()
        .post('/api/wallet/topup')
        .set(shopper.auth)
        .send({ value: 100, userid: shopper.userid }),
  };
}
