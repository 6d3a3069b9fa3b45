import { signRequest } from '../../scripts/reseller-client.mjs';
import { startTestApp, type TestApp } from '../utils/app.js';
import { newShopper, sessionOf, type Shopper } from './money.helpers.js';
import { adminCreatesKey, clientFor, newReseller, type ResellerKey } from './reseller.helpers.js';

const BALANCE = '/api/reseller/v1/balance';
const ORDERS = '/api/reseller/v1/orders';

describe('reseller API keys and signed requests', () => {
  let app: TestApp;
  let reseller: Shopper;
  let key: ResellerKey;

  beforeAll(async () => {
    app = await startTestApp();
    reseller = await newReseller(app, 12_345);
    key = await adminCreatesKey(app, reseller, { label: 'Telegram bot' });
  });
  afterAll(() => app.close());

  /** Sends a request signed over `signed` but actually sending `sent`. */
  async function tampered(
    signed: { method: string; path: string; body?: string; timestamp?: number; secret?: string },
    sent: { method?: string; path?: string; body?: string; keyId?: string } = {},
  ) {
    const headers = signRequest({
      keyId: sent.keyId ?? key.keyId,
      secret: signed.secret ?? key.secret,
      method: signed.method,
      pathWithQuery: signed.path,
      body: signed.body ?? '',
      timestamp: signed.timestamp ?? Math.floor(Date.now() / 1000),
    });
    const body = sent.body ?? signed.body;
    const response = await fetch(app.url + (sent.path ?? signed.path), {
      method: sent.method ?? signed.method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body || undefined,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('answers the secret once: a key id of the contract shape, a 32-byte base64url secret', async () => {
    expect(key.keyId).toMatch(/^rk_live_[a-z2-7]{20}$/);
    expect(Buffer.from(key.secret, 'base64url')).toHaveLength(32);
    const admin = await sessionOf(app, 'admin@example.com');
    const list = await app
      .http()
      .get(`/api/admin/resellers/${reseller.userid}/keys`)
      .set(admin.auth)
      .expect(200);
    expect(JSON.stringify(list.body)).not.toContain(key.secret);
    expect(list.body.keys).toEqual([
      expect.objectContaining({ keyId: key.keyId, label: 'Telegram bot', mode: 'live' }),
    ]);
  });

  it('keeps the secret sealed at rest (AES-256-GCM), never in clear', async () => {
    const [row] = await app.sql<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM reseller_api_keys WHERE key_id = $1',
      [key.keyId],
    );
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(key.secret);
    expect(row.secret_sealed).not.toContain(Buffer.from(key.secret, 'base64url').toString('hex'));
  });

  it('answers a signed request, with the rate limit headers', async () => {
    const answer = await clientFor(app, key).get(BALANCE);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ balance_paise: 12_345, currency: 'INR', mode: 'live' });
    expect(answer.headers.get('x-ratelimit-limit')).toBe('600');
    expect(Number(answer.headers.get('x-ratelimit-remaining'))).toBeLessThan(600);
    expect(Number(answer.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });

  it('answers every wrong signature with the same 401', async () => {
    const body = JSON.stringify({ reference: 'sig-1', item_id: 'x', input1: '1', input2: '2' });
    const other = await adminCreatesKey(app, await newReseller(app), { label: 'Other' });
    const revoked = await adminCreatesKey(app, reseller, { label: 'Revoked' });
    const admin = await sessionOf(app, 'admin@example.com');
    await app
      .http()
      .delete(`/api/admin/resellers/${reseller.userid}/keys/${revoked.keyId}`)
      .set(admin.auth)
      .expect(200);

    const answers = {
      bodyChanged: await tampered(
        { method: 'POST', path: ORDERS, body },
        { body: body.replace('sig-1', 'sig-2') },
      ),
      pathChanged: await tampered({ method: 'GET', path: BALANCE }, { path: ORDERS }),
      queryChanged: await tampered(
        { method: 'GET', path: `${ORDERS}?limit=1` },
        { path: `${ORDERS}?limit=2` },
      ),
      methodChanged: await tampered({ method: 'POST', path: BALANCE }, { method: 'GET' }),
      anotherKeysSecret: await tampered({ method: 'GET', path: BALANCE, secret: other.secret }),
      revokedKey: await tampered(
        { method: 'GET', path: BALANCE, secret: revoked.secret },
        { keyId: revoked.keyId },
      ),
      unknownKey: await tampered(
        { method: 'GET', path: BALANCE },
        { keyId: 'rk_live_aaaaaaaaaaaaaaaaaaaa' },
      ),
      noHeaders: await fetch(app.url + BALANCE).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as unknown,
      })),
    };
    const expected = {
      status: 401,
      body: { message: 'The request signature is not valid.', code: 'INVALID_SIGNATURE' },
    };
    for (const [way, answer] of Object.entries(answers)) {
      expect({ way, ...answer }).toEqual({ way, ...expected });
    }
  });

  it('refuses a timestamp more than 300 s away, signature right or not', async () => {
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(await tampered({ method: 'GET', path: BALANCE, timestamp: old })).toEqual({
      status: 401,
      body: {
        message: 'X-Timestamp is more than 300 seconds from the server time.',
        code: 'TIMESTAMP_SKEW',
      },
    });
    const fine = await tampered({
      method: 'GET',
      path: BALANCE,
      timestamp: Math.floor(Date.now() / 1000) - 250,
    });
    expect(fine.status).toBe(200);
  });

  it('stops a key at once when its reseller is blocked or no longer a reseller', async () => {
    const someone = await newReseller(app);
    const theirs = await adminCreatesKey(app, someone);
    const client = clientFor(app, theirs);
    expect((await client.get(BALANCE)).status).toBe(200);
    await app.sql('UPDATE users SET is_blocked = true WHERE id = $1', [someone.id]);
    expect((await client.get(BALANCE)).body.code).toBe('INVALID_SIGNATURE');
    await app.sql(`UPDATE users SET is_blocked = false, role = 'user' WHERE id = $1`, [someone.id]);
    expect((await client.get(BALANCE)).body.code).toBe('INVALID_SIGNATURE');
    await app.sql(`UPDATE users SET role = 'reseller' WHERE id = $1`, [someone.id]);
    expect((await client.get(BALANCE)).status).toBe(200);
  });

  it("refuses addresses outside the key's list with 403 IP_NOT_ALLOWED", async () => {
    const elsewhere = await adminCreatesKey(app, reseller, { allowedIps: ['203.0.113.0/24'] });
    const answer = await clientFor(app, elsewhere).get(BALANCE);
    expect(answer).toMatchObject({ status: 403, body: { code: 'IP_NOT_ALLOWED' } });
    const here = await adminCreatesKey(app, reseller, { allowedIps: ['127.0.0.1/32', '::1'] });
    expect((await clientFor(app, here).get(BALANCE)).status).toBe(200);
  });

  it('limits each key on its own: 429 with Retry-After once its minute is spent', async () => {
    const limited = await adminCreatesKey(app, reseller, { label: 'Limited' });
    await app.sql('UPDATE reseller_api_keys SET rate_limit = 3 WHERE key_id = $1', [limited.keyId]);
    const client = clientFor(app, limited);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await client.get(BALANCE));
    expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(statuses.map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual([
      '2',
      '1',
      '0',
      '0',
    ]);
    expect(Number(statuses[3].headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key of the same reseller is not limited by it.
    expect((await clientFor(app, key).get(BALANCE)).status).toBe(200);
  });

  describe('from the reseller dashboard', () => {
    it('lets the reseller create, list and revoke their own keys', async () => {
      const created = await app
        .http()
        .post(`/api/resellers/${reseller.userid}/keys`)
        .set(reseller.auth)
        .send({ label: 'WhatsApp', mode: 'test', allowedIps: ['198.51.100.7'] })
        .expect(201);
      expect(created.body).toMatchObject({ mode: 'test', label: 'WhatsApp' });
      expect(created.body.keyId).toMatch(/^rk_test_/);
      expect(created.body.secret).toBeTruthy();
      const list = await app
        .http()
        .get(`/api/resellers/${reseller.userid}/keys`)
        .set(reseller.auth)
        .expect(200);
      expect(list.body.keys.map((k: { keyId: string }) => k.keyId)).toContain(created.body.keyId);
      expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
      const revoked = await app
        .http()
        .delete(`/api/resellers/${reseller.userid}/keys/${created.body.keyId}`)
        .set(reseller.auth)
        .expect(200);
      expect(revoked.body.revokedAt).toBeTruthy();
    });

    it('serves only the owner: another reseller gets 404, a customer 403, bad input 400', async () => {
      const stranger = await newReseller(app);
      await app.http().get(`/api/resellers/${reseller.userid}/keys`).set(stranger.auth).expect(404);
      await app
        .http()
        .delete(`/api/resellers/${reseller.userid}/keys/${key.keyId}`)
        .set(stranger.auth)
        .expect(404);
      const customer = await newShopper(app);
      await app.http().get(`/api/resellers/${customer.userid}/keys`).set(customer.auth).expect(403);
      await app
        .http()
        .post(`/api/resellers/${reseller.userid}/keys`)
        .set(reseller.auth)
        .send({ label: 'x', mode: 'live', allowedIps: ['not-an-address'] })
        .expect(400);
      // The admin's call refuses keys for accounts that are not resellers.
      const admin = await sessionOf(app, 'admin@example.com');
      await app
        .http()
        .post(`/api/admin/resellers/${customer.userid}/keys`)
        .set(admin.auth)
        .send({ label: 'x', mode: 'live' })
        .expect(409);
      // And the reseller cannot use the admin's call.
      await app
        .http()
        .get(`/api/admin/resellers/${reseller.userid}/keys`)
        .set(reseller.auth)
        .expect(403);
    });
  });
});
