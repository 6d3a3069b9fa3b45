import { startTestApp, type TestApp } from '../utils/app.js';
import { sessionOf, testItem, type Shopper } from './money.helpers.js';
import { adminCreatesKey, clientFor, newReseller } from './reseller.helpers.js';

interface ListedOrder {
  orderid: string;
  api: { reference: string; keyLabel: string } | null;
}

/** The console's order list marks API orders and filters them by reseller and reference. */
describe('API orders in the console', () => {
  let app: TestApp;
  let admin: Shopper;
  let first: Shopper;
  let second: Shopper;

  beforeAll(async () => {
    app = await startTestApp({ DELIVERY_ENABLED: 'false', APP_ROLE: 'api' });
    admin = await sessionOf(app, 'admin@example.com');
    const pack = await testItem(app, 5_000);
    first = await newReseller(app, 50_000);
    second = await newReseller(app, 50_000);
    const place = async (reseller: Shopper, label: string, reference: string) => {
      const key = await adminCreatesKey(app, reseller, { label });
      const answer = await clientFor(app, key).post('/api/reseller/v1/orders', {
        reference,
        item_id: pack.itemId,
        input1: '55667788',
        input2: 'Arjun',
      });
      expect(answer.status).toBe(201);
    };
    await place(first, 'First bot', 'shared-ref');
    await place(first, 'First bot 2', 'only-first');
    await place(second, 'Second bot', 'shared-ref');
  });
  afterAll(() => app.close());

  const list = async (filter: Record<string, unknown>) =>
    (
      await app
        .http()
        .get('/api/admin/rest/orders')
        .query({ filter: JSON.stringify(filter) })
        .set(admin.auth)
        .expect(200)
    ).body as ListedOrder[];

  it('filters by reference, marking each order with its reference and key label', async () => {
    const shared = await list({ reference: 'shared-ref' });
    expect(
      shared.map((order) => order.api).sort((a, b) => a!.keyLabel.localeCompare(b!.keyLabel)),
    ).toEqual([
      { reference: 'shared-ref', keyLabel: 'First bot' },
      { reference: 'shared-ref', keyLabel: 'Second bot' },
    ]);
    expect(await list({ reference: 'nobody-used-this' })).toEqual([]);
  });

  it('filters by reseller, and by reseller and reference together', async () => {
    const ofFirst = await list({ reseller: first.userid });
    expect(ofFirst.map((order) => order.api?.reference).sort()).toEqual([
      'only-first',
      'shared-ref',
    ]);
    const both = await list({ reseller: second.userid, reference: 'shared-ref' });
    expect(both.map((order) => order.api)).toEqual([
      { reference: 'shared-ref', keyLabel: 'Second bot' },
    ]);
    expect(await list({ reseller: 999_999_999 })).toEqual([]);
  });

  it('marks the API orders among the pending ones too', async () => {
    const pending = (await app.http().get('/api/admin/processing').set(admin.auth).expect(200))
      .body as ListedOrder[];
    expect(pending.map((order) => order.api?.reference).sort()).toEqual([
      'only-first',
      'shared-ref',
      'shared-ref',
    ]);
  });

  it("downloads a reseller's statement for the admin", async () => {
    const answer = await app
      .http()
      .get(`/api/admin/resellers/${first.userid}/statement`)
      .set(admin.auth)
      .expect(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.text.split(/\r?\n/)[0]).toBe(
      'txnid,time,type,amount_paise,balance_after_paise,orderid,reference',
    );
    expect(answer.text).toContain('only-first');
    expect(answer.text).not.toContain('Second');
  });
});
