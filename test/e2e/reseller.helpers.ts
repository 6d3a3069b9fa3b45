import type { TestApp } from '../utils/app.js';
import { resellerClient } from '../../scripts/reseller-client.mjs';
import { newShopper, sessionOf, type Shopper } from './money.helpers.js';

export interface ResellerKey {
  keyId: string;
  secret: string;
  mode: 'live' | 'test';
  label: string;
}

/** A reseller account (a session token, optional Z-Coins in paise). */
export const newReseller = (app: TestApp, balance = 0) =>
  newShopper(app, { role: 'reseller', balance });

/** The admin creates a key for `reseller` through the console's call. */
export async function adminCreatesKey(
  app: TestApp,
  reseller: Shopper,
  body: { label?: string; mode?: 'live' | 'test'; allowedIps?: string[] } = {},
): Promise<ResellerKey> {
  const admin = await sessionOf(app, 'admin@example.com');
  const answer = await app
    .http()
    .post(`/api/admin/resellers/${reseller.userid}/keys`)
    .set(admin.auth)
    .send({ label: 'Shop bot', mode: 'live', ...body })
    .expect(201);
  return answer.body as ResellerKey;
}

/** A signing client for `key`, signing with the store's clock (which tests may move). */
export const clientFor = (app: TestApp, key: Pick<ResellerKey, 'keyId' | 'secret'>) =>
  resellerClient({
    baseUrl: app.url,
    keyId: key.keyId,
    secret: key.secret,
    now: () => app.clock.now().getTime(),
  });
