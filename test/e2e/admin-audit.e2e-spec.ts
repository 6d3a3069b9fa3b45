import { DeliveryService } from '../../server/src/modules/delivery/delivery.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  catalogEntry,
  newShopper,
  orderBody,
  sessionOf,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { testPlayer } from './supplier.helpers.js';

const NO_SUCH_ORDER = '00000000-0000-4000-8000-000000000000';

interface AuditRecord {
  id: string;
  action: string;
  entity: string;
  entityId: string;
  actorId: string | null;
  actorEmail: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** DESIGN 8: every audited admin change is readable in the console, newest first. */
describe('The audit log and the packs of an order (admin)', () => {
  let app: TestApp;
  let admin: Shopper;

  beforeAll(async () => {
    // No worker: the test runs the delivery handler itself, so a pack stays where it put it.
    app = await startTestApp({ APP_ROLE: 'api', RATE_LIMIT_USER_ACTIONS: '1000/60' });
    admin = await sessionOf(app, 'admin@example.com');
  });
  afterAll(() => app.close());

  const auditList = (query: Record<string, unknown> = {}) =>
    app
      .http()
      .get('/api/admin/rest/audit-log')
      .query(
        Object.fromEntries(
          Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)]),
        ),
      )
      .set(admin.auth);

  describe('GET /api/admin/rest/audit-log', () => {
    let shopper: Shopper;

    beforeAll(async () => {
      shopper = await newShopper(app, { balance: 10_000 });
      await app
        .http()
        .post('/api/admin/adduserbalance')
        .set(admin.auth)
        .send({ userId: shopper.userid, email: shopper.email, amount: 25 })
        .expect(200);
      await app
        .http()
        .post('/api/admin/updateuserdata')
        .set(admin.auth)
        .send({ _id: shopper.id, role: 'reseller' })
        .expect(200);
    });

    it("lists the admin's changes newest first, with the actor's e-mail, before and after", async () => {
      const response = await auditList({ filter: { entityId: shopper.id } }).expect(200);
      const entries = response.body as AuditRecord[];
      expect(entries.map((entry) => entry.action)).toEqual(['user.update', 'wallet.credit']);
      const [update, credit] = entries;
      expect(credit).toMatchObject({
        entity: 'user',
        entityId: shopper.id,
        actorId: admin.id,
        actorEmail: 'admin@example.com',
        before: { balance: 100 },
        after: { credited: 25 },
      });
      expect(update).toMatchObject({
        action: 'user.update',
        before: { role: 'user' },
        after: { role: 'reseller' },
      });
      expect(Date.parse(credit.createdAt)).not.toBeNaN();
      expect(response.headers['content-range']).toBe('audit-log 0-1/2');
    });

    it('answers one entry by id, and 404 for an unknown one', async () => {
      const [entry] = (await auditList({ filter: { entityId: shopper.id } }).expect(200))
        .body as AuditRecord[];
      const one = await app
        .http()
        .get(`/api/admin/rest/audit-log/${entry.id}`)
        .set(admin.auth)
        .expect(200);
      expect(one.body).toEqual(entry);
      await app.http().get('/api/admin/rest/audit-log/999999999').set(admin.auth).expect(404);
      await app.http().get('/api/admin/rest/audit-log/not-a-number').set(admin.auth).expect(404);
    });

    it('filters by action, entity, actor e-mail and days, and pages with Content-Range', async () => {
      const credits = (
        await auditList({ filter: { action: 'wallet.credit', entityId: shopper.id } }).expect(200)
      ).body as AuditRecord[];
      expect(credits.map((entry) => entry.action)).toEqual(['wallet.credit']);

      const users = (await auditList({ filter: { entity: 'user' } }).expect(200))
        .body as AuditRecord[];
      expect(users.length).toBeGreaterThanOrEqual(2);
      expect(users.every((entry) => entry.entity === 'user')).toBe(true);
      const orders = (await auditList({ filter: { entity: 'order', entityId: shopper.id } }))
        .body as AuditRecord[];
      expect(orders).toEqual([]);

      const byActor = (
        await auditList({ filter: { actor: 'ADMIN@example', entityId: shopper.id } }).expect(200)
      ).body as AuditRecord[];
      expect(byActor).toHaveLength(2);
      const byOther = await auditList({
        filter: { actor: 'nobody@', entityId: shopper.id },
      }).expect(200);
      expect(byOther.body).toEqual([]);
      expect(byOther.headers['content-range']).toBe('audit-log 0-0/0');

      const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
      const todays = await auditList({ filter: { from: today, to: today, entityId: shopper.id } });
      expect(todays.body).toHaveLength(2);
      const before = await auditList({
        filter: { to: '2020-01-01', entityId: shopper.id },
      }).expect(200);
      expect(before.body).toEqual([]);

      const second = await auditList({
        filter: { entityId: shopper.id },
        sort: ['createdAt', 'ASC'],
        range: [1, 1],
      }).expect(200);
      expect((second.body as AuditRecord[]).map((entry) => entry.action)).toEqual(['user.update']);
      expect(second.headers['content-range']).toBe('audit-log 1-1/2');
    });

    it('refuses a visitor (401) and a customer (403)', async () => {
      const customer = await newShopper(app);
      for (const path of ['/api/admin/rest/audit-log', '/api/admin/rest/audit-log/1']) {
        await app.http().get(path).expect(401);
        await app.http().get(path).set(customer.auth).expect(403);
      }
    });
  });

  describe('GET /api/admin/orders/{_id}/packs', () => {
    let twoPasses: CatalogEntry;

    beforeAll(async () => {
      twoPasses = await catalogEntry(
        app,
        'Mobile Legends (Brazil server)',
        '2 x Weekly Diamond Pass',
      );
    });

    /** A wallet order whose first pack a dead run left `sent`; the next run makes it `unknown`. */
    async function orderWithUnknownPack() {
      const shopper = await newShopper(app, { balance: 100_000 });
      const placed = await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(
          orderBody(shopper, twoPasses, {
            input1: testPlayer('42'),
            input2: '1234',
            paymentmode: 'wallet',
          }),
        )
        .expect(200);
      const orderid = placed.body.orderid as string;
      const [order] = await app.sql<{ id: string; delivery_generation: number }>(
        'SELECT id, delivery_generation FROM orders WHERE orderid = $1',
        [orderid],
      );
      const [item] = await app.sql<{ itemidarray: string[] }>(
        'SELECT itemidarray FROM items WHERE id = $1',
        [twoPasses.itemId],
      );
      await app.sql(
        `INSERT INTO supplier_purchases (orderid, pack, supplier, product_ref, reference, status, tries)
         VALUES ($1, 1, 'smileone', $2, $3, 'sent', 1)`,
        [orderid, item.itemidarray[0], `${orderid}-1`],
      );
      await app.store.app.get(DeliveryService).deliver(orderid, order.delivery_generation);
      return { id: order.id, orderid, productRef: item.itemidarray[0] };
    }

    it("answers the order's packs by number, the unknown one with its reason", async () => {
      const { id, orderid, productRef } = await orderWithUnknownPack();
      const response = await app
        .http()
        .get(`/api/admin/orders/${id}/packs`)
        .set(admin.auth)
        .expect(200);
      expect(response.body).toEqual([
        {
          pack: 1,
          supplier: 'smileone',
          productRef,
          reference: `${orderid}-1`,
          supplierReference: null,
          status: 'unknown',
          failure: null,
          tries: 1,
          error: expect.any(String),
          updatedAt: expect.any(String),
        },
      ]);

      await app
        .http()
        .post(`/api/admin/orders/${id}/settle-pack`)
        .set(admin.auth)
        .send({ pack: 1, delivered: false })
        .expect(200);
      const settled = await app
        .http()
        .get(`/api/admin/orders/${id}/packs`)
        .set(admin.auth)
        .expect(200);
      expect(settled.body).toMatchObject([{ pack: 1, status: 'failed', failure: 'store' }]);

      const audit = (
        await auditList({ filter: { action: 'order.settle-pack', entityId: orderid } })
      ).body as AuditRecord[];
      expect(audit).toMatchObject([
        {
          entity: 'order',
          actorEmail: 'admin@example.com',
          before: { pack: 1, status: 'unknown' },
          after: { pack: 1, status: 'failed' },
        },
      ]);
    });

    it('answers an empty list for an order with no supplier pack, 404 for an unknown order', async () => {
      const shopper = await newShopper(app, { balance: 100_000 });
      const placed = await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(
          orderBody(shopper, twoPasses, {
            input1: testPlayer('42'),
            input2: '1234',
            paymentmode: 'wallet',
          }),
        )
        .expect(200);
      const [order] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
        placed.body.orderid,
      ]);
      await app.http().get(`/api/admin/orders/${order.id}/packs`).set(admin.auth).expect(200, []);
      await app.http().get(`/api/admin/orders/${NO_SUCH_ORDER}/packs`).set(admin.auth).expect(404);
      await app.http().get('/api/admin/orders/not-an-id/packs').set(admin.auth).expect(404);
    });

    it('refuses a visitor (401) and a customer (403)', async () => {
      const customer = await newShopper(app);
      const path = `/api/admin/orders/${NO_SUCH_ORDER}/packs`;
      await app.http().get(path).expect(401);
      await app.http().get(path).set(customer.auth).expect(403);
    });
  });
});
