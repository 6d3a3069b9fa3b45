import { startTestApp, type TestApp } from '../utils/app.js';
import { sessionOf, type Shopper } from './money.helpers.js';
import { clientFor, newReseller } from './reseller.helpers.js';

interface AuditRecord {
  action: string;
  entity: string;
  entityId: string;
  actorId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Who created, changed or revoked which reseller key, from what to what (DESIGN 8). */
describe('reseller API keys in the audit log', () => {
  let app: TestApp;
  let admin: Shopper;
  let reseller: Shopper;

  beforeAll(async () => {
    app = await startTestApp({ APP_ROLE: 'api' });
    admin = await sessionOf(app, 'admin@example.com');
    reseller = await newReseller(app, 0);
  });
  afterAll(() => app.close());

  const auditOf = async (keyId: string) =>
    (
      await app
        .http()
        .get('/api/admin/rest/audit-log')
        .query({ filter: JSON.stringify({ entityId: keyId }), sort: '["createdAt","ASC"]' })
        .set(admin.auth)
        .expect(200)
    ).body as AuditRecord[];

  it('records creation, each change and revocation, with the actor and never the secret', async () => {
    const created = await app
      .http()
      .post(`/api/admin/resellers/${reseller.userid}/keys`)
      .set(admin.auth)
      .send({ label: 'Shop bot', mode: 'live' })
      .expect(201);
    const keyId = String(created.body.keyId);
    const secret = String(created.body.secret);

    await app
      .http()
      .patch(`/api/admin/resellers/${reseller.userid}/keys/${keyId}`)
      .set(admin.auth)
      .send({ allowedIps: ['203.0.113.0/24'], rateLimit: 120 })
      .expect(200)
      .expect((answer) =>
        expect(answer.body).toMatchObject({ allowedIps: ['203.0.113.0/24'], rateLimit: 120 }),
      );
    await app
      .http()
      .patch(`/api/resellers/${reseller.userid}/keys/${keyId}`)
      .set(reseller.auth)
      .send({ callbackUrl: 'https://hooks.example.in/zstore' })
      .expect(200);
    // The same value again changes nothing, so it records nothing.
    await app
      .http()
      .patch(`/api/resellers/${reseller.userid}/keys/${keyId}`)
      .set(reseller.auth)
      .send({ callbackUrl: 'https://hooks.example.in/zstore' })
      .expect(200);
    // A reseller cannot raise their own rate limit.
    await app
      .http()
      .patch(`/api/resellers/${reseller.userid}/keys/${keyId}`)
      .set(reseller.auth)
      .send({ rateLimit: 100_000 })
      .expect(400);
    await app
      .http()
      .delete(`/api/resellers/${reseller.userid}/keys/${keyId}`)
      .set(reseller.auth)
      .expect(200);
    await app
      .http()
      .delete(`/api/admin/resellers/${reseller.userid}/keys/${keyId}`)
      .set(admin.auth)
      .expect(200);

    const entries = await auditOf(keyId);
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['reseller.key.create', admin.id],
      ['reseller.key.change', admin.id],
      ['reseller.key.change', reseller.id],
      ['reseller.key.revoke', reseller.id],
    ]);
    const [create, limits, callback, revoke] = entries;
    expect(create).toMatchObject({
      entity: 'reseller_api_key',
      entityId: keyId,
      before: null,
      after: { keyId, label: 'Shop bot', mode: 'live', allowedIps: [], revokedAt: null },
    });
    expect(limits).toMatchObject({
      before: { allowedIps: [], rateLimit: 600 },
      after: { allowedIps: ['203.0.113.0/24'], rateLimit: 120 },
    });
    expect(callback).toMatchObject({
      before: { callbackUrl: null },
      after: { callbackUrl: 'https://hooks.example.in/zstore' },
    });
    expect(revoke.before).toMatchObject({ revokedAt: null });
    expect(revoke.after).toMatchObject({ revokedAt: expect.any(String) });
    expect(JSON.stringify(entries)).not.toContain(secret);
    const sealed = await app.sql<{ n: string }>(
      `SELECT count(*) AS n FROM audit_log WHERE before::text LIKE $1 OR after::text LIKE $1`,
      [`%${secret}%`],
    );
    expect(Number(sealed[0].n)).toBe(0);

    // Revoked at once: the key signs nothing any more.
    const refused = await clientFor(app, { keyId, secret }).get('/api/reseller/v1/balance');
    expect(refused.status).toBe(401);
  });
});
