import { randomUUID } from 'node:crypto';
import { financialYear } from '../../server/src/modules/invoices/financial-year.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { pdfText } from '../utils/pdf-text.js';
import { readUntil } from '../utils/wait.js';
import {
  expectLedgerConsistent,
  newShopper,
  orderBody,
  testItem,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';

interface InvoiceRow {
  kind: string;
  number: string;
  serial: number;
  invoice_id: string | null;
  place_of_supply: string;
  recipient_state: string | null;
  recipient_gstin: string | null;
  sac: string;
  rate_bp: number;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

/** The sandbox store is in Karnataka (29); ₹100 at 18 % is ₹84.75 taxable and ₹15.25 tax. */
const STORE_STATE = '29';
const FY = financialYear(new Date());
const binary = (response: { body: unknown }) => response.body as Buffer;

describe('GST tax invoices', () => {
  let app: TestApp;
  let hundred: CatalogEntry;
  let ott: CatalogEntry;
  let admin: Shopper;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '100000/60' });
    hundred = await testItem(app, 10_000);
    ott = await testItem(app, 19_900, { category: 'ott' });
    admin = await newShopper(app, { role: 'admin' });
  });
  afterAll(() => app.close());

  const walletOrder = (shopper: Shopper, entry = hundred, key = randomUUID()) =>
    app
      .http()
      .post('/api/order/createWalletOrder')
      .set(shopper.auth)
      .set('Idempotency-Key', key)
      .send(orderBody(shopper, entry));
  // Documents are numbered just after their transaction commits: reads wait for the numbers.
  const numbered = <T extends { serial: number | null }>(read: () => Promise<T[]>) =>
    readUntil(read, (rows) => rows.every((row) => row.serial !== null));
  const documentsOf = (orderid: string) =>
    numbered(() =>
      app.sql<InvoiceRow>('SELECT * FROM tax_documents WHERE orderid = $1 ORDER BY kind DESC', [
        orderid,
      ]),
    );
  const setState = (shopper: Shopper, state: string, extra: Record<string, unknown> = {}) =>
    app
      .http()
      .post('/api/user/edit-profile')
      .set(shopper.auth)
      .send({ userid: shopper.userid, name: 'Asha Rao', state, ...extra });
  const upiOrder = async (
    shopper: Shopper,
    entry: CatalogEntry,
    inputs: Record<string, string> = {},
  ) => {
    const placed = await app
      .http()
      .post('/api/order/createOrder')
      .set(shopper.auth)
      .send(orderBody(shopper, entry, { paymentmode: 'upi', ...inputs }));
    expect(placed.body).toMatchObject({ status: true });
    return placed.body.data.orderid as string;
  };
  const allSerials = async (kind = 'invoice') =>
    (
      await numbered(() =>
        app.sql<{ serial: number | null }>(
          'SELECT serial FROM tax_documents WHERE kind = $1 ORDER BY serial',
          [kind],
        ),
      )
    ).map((row) => row.serial);
  const expectGapless = (serials: Array<number | null>) =>
    expect(serials).toEqual(Array.from({ length: serials.length }, (_, index) => index + 1));

  it('numbers 30 concurrent wallet orders 1..30 of the financial year, without gap or duplicate', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 30 }, () => newShopper(app, { balance: 10_000 })),
    );
    const responses = await Promise.all(shoppers.map((shopper) => walletOrder(shopper)));
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(200));
    const rows = await numbered(() =>
      app.sql<{ number: string; serial: number }>(
        `SELECT number, serial FROM tax_documents WHERE kind = 'invoice' ORDER BY serial`,
      ),
    );
    expect(rows.map((row) => row.serial)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(rows[0].number).toBe(`ZS/${FY}/000001`);
    expect(rows[29].number).toBe(`ZS/${FY}/000030`);
    expect(rows.every((row) => row.number.length <= 16)).toBe(true);
    await expectLedgerConsistent(app);
  });

  it('splits the tax into CGST + SGST in the store state, IGST elsewhere, and uses the store state when unknown', async () => {
    const karnataka = await newShopper(app, { balance: 10_000 });
    await setState(karnataka, STORE_STATE).expect(200);
    const maharashtra = await newShopper(app, { balance: 10_000 });
    const profile = await setState(maharashtra, '27').expect(200);
    expect(profile.body.user.state).toBe('27');
    const unknown = await newShopper(app, { balance: 10_000 });

    const [same, other, none] = await Promise.all(
      [karnataka, maharashtra, unknown].map(async (shopper) => {
        const placed = await walletOrder(shopper).expect(200);
        return (await documentsOf(placed.body.orderid as string))[0];
      }),
    );
    const intraState = { taxable: '8475', cgst: '763', sgst: '762', igst: '0', total: '10000' };
    expect(same).toMatchObject({ place_of_supply: '29', recipient_state: '29', ...intraState });
    expect(other).toMatchObject({
      place_of_supply: '27',
      recipient_state: '27',
      taxable: '8475',
      cgst: '0',
      sgst: '0',
      igst: '1525',
      total: '10000',
    });
    expect(none).toMatchObject({ place_of_supply: '29', recipient_state: null, ...intraState });
    expect(same).toMatchObject({ sac: '998439', rate_bp: 1800 });
  });

  it('takes the state kept on the order at placement, not a later profile change', async () => {
    const shopper = await newShopper(app);
    await setState(shopper, '27').expect(200);
    const orderid = await upiOrder(shopper, ott, {
      input1: 'viewer@example.com',
      input2: 'Viewer',
    });
    await setState(shopper, '29').expect(200);
    await app.http().post(`/sandbox/upigateway/orders/${orderid}/pay`).expect(200);
    const [invoice] = await readUntil(
      () => documentsOf(orderid),
      (rows) => rows.length === 1,
    );
    // ₹199 at 18 %: 16864.4 -> 16864 taxable, 3036 IGST; OTT is on-line video content.
    expect(invoice).toMatchObject({
      place_of_supply: '27',
      sac: '998433',
      taxable: '16864',
      igst: '3036',
      total: '19900',
    });
  });

  it('puts a reseller GSTIN on the invoice, with its state as the place of supply', async () => {
    const reseller = await newShopper(app, { role: 'reseller', balance: 10_000 });
    const saved = await setState(reseller, '29', { gstin: '27aapfu0939f1zv' }).expect(200);
    expect(saved.body.user.gstin).toBe('27AAPFU0939F1ZV');
    const placed = await walletOrder(reseller).expect(200);
    const [invoice] = await documentsOf(placed.body.orderid as string);
    expect(invoice).toMatchObject({ recipient_gstin: '27AAPFU0939F1ZV', place_of_supply: '27' });

    const customer = await newShopper(app);
    const refused = await setState(customer, '29', { gstin: '27AAPFU0939F1ZV' }).expect(400);
    expect(JSON.stringify(refused.body)).toContain('Only reseller accounts can add a GSTIN.');
    await setState(customer, '28').expect(400);
  });

  it('numbers no invoice whose paid transaction fails at commit; the retry takes the next number', async () => {
    // Fails the first commit that carries an invoice, after the invoice was written in it.
    await app.sql(`CREATE SEQUENCE invoice_fault_seq`);
    await app.sql(`CREATE FUNCTION invoice_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('invoice_fault_seq') = 1 THEN RAISE EXCEPTION 'injected invoice fault'; END IF;
        RETURN NULL;
      END $$`);
    await app.sql(`CREATE CONSTRAINT TRIGGER invoice_fault AFTER INSERT ON tax_documents
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invoice_fault()`);
    try {
      const before = await allSerials();
      const shopper = await newShopper(app, { balance: 10_000 });
      const key = randomUUID();
      const failed = await walletOrder(shopper, hundred, key);
      expect(failed.status).toBe(500);
      expect(await allSerials()).toEqual(before);
      expect(
        await app.sql('SELECT 1 FROM orders WHERE userid = $1', [shopper.userid]),
      ).toHaveLength(0);
      const [wallet] = await app.sql<{ balance: string }>(
        'SELECT balance FROM users WHERE userid = $1',
        [shopper.userid],
      );
      expect(Number(wallet.balance)).toBe(10_000);

      const retried = await walletOrder(shopper, hundred, key).expect(200);
      const [invoice] = await documentsOf(retried.body.orderid as string);
      expect(invoice.serial).toBe(before.length + 1);
      expectGapless(await allSerials());
      await expectLedgerConsistent(app);
    } finally {
      await app.sql('DROP TRIGGER invoice_fault ON tax_documents');
      await app.sql('DROP FUNCTION invoice_fault');
      await app.sql('DROP SEQUENCE invoice_fault_seq');
    }
  });

  it('keeps a UPI order unpaid and its number unused when the paid transaction fails; the next check pays it', async () => {
    const shopper = await newShopper(app);
    const orderid = await upiOrder(shopper, hundred);
    await app.sql(`CREATE SEQUENCE upi_fault_seq`);
    await app.sql(`CREATE FUNCTION upi_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('upi_fault_seq') = 1 THEN RAISE EXCEPTION 'injected invoice fault'; END IF;
        RETURN NEW;
      END $$`);
    await app.sql(`CREATE TRIGGER upi_fault BEFORE INSERT ON tax_documents
      FOR EACH ROW EXECUTE FUNCTION upi_fault()`);
    try {
      const before = await allSerials();
      await app
        .http()
        .post(`/sandbox/upigateway/orders/${orderid}/pay`)
        .query({ webhook: 'skip' })
        .expect(200);
      const webhook = await app.http().post(`/sandbox/upigateway/orders/${orderid}/webhook`);
      expect(webhook.status).toBe(200);
      const [order] = await app.sql<{ status: string }>(
        'SELECT status FROM orders WHERE orderid = $1',
        [orderid],
      );
      expect(order.status).toBe('Created');
      expect(await allSerials()).toEqual(before);

      await app.http().post(`/sandbox/upigateway/orders/${orderid}/webhook`).expect(200);
      const [invoice] = await readUntil(
        () => documentsOf(orderid),
        (rows) => rows.length === 1,
      );
      expect(invoice.serial).toBe(before.length + 1);
      expectGapless(await allSerials());
    } finally {
      await app.sql('DROP TRIGGER upi_fault ON tax_documents');
      await app.sql('DROP FUNCTION upi_fault');
      await app.sql('DROP SEQUENCE upi_fault_seq');
    }
  });

  it('serves the invoice PDF to its buyer and an admin only', async () => {
    const buyer = await newShopper(app, { balance: 10_000 });
    await setState(buyer, '27').expect(200);
    const placed = await walletOrder(buyer).expect(200);
    const orderid = placed.body.orderid as string;
    const [invoice] = await documentsOf(orderid);

    const own = await app
      .http()
      .get(`/api/order/${orderid}/invoice`)
      .set(buyer.auth)
      .responseType('blob')
      .expect(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain('attachment');
    expect(binary(own).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(binary(own));
    for (const expected of [
      'TAX INVOICE',
      `Number: ${invoice.number}`,
      `Order: ${orderid}`,
      'GSTIN: 29AABCZ1234F1Z5',
      'Z Store Sandbox Private Limited',
      'Place of supply: Maharashtra (27)',
      'SAC',
      '998439',
      'IGST @ 18%',
      'INR 84.75',
      'INR 15.25',
      'INR 100.00',
    ]) {
      expect(text).toContain(expected);
    }

    const byAdmin = await app
      .http()
      .get(`/api/order/${orderid}/invoice`)
      .set(admin.auth)
      .responseType('blob')
      .expect(200);
    expect(pdfText(binary(byAdmin))).toContain(invoice.number);

    const stranger = await newShopper(app);
    await app.http().get(`/api/order/${orderid}/invoice`).set(stranger.auth).expect(404);
    await app.http().get(`/api/order/ZS00000000000000/invoice`).set(buyer.auth).expect(404);
    await app.http().get(`/api/order/${orderid}/invoice`).expect(401);
  });

  it('issues a credit note against the invoice when the order is refunded', async () => {
    const buyer = await newShopper(app, { balance: 10_000 });
    const placed = await walletOrder(buyer).expect(200);
    const orderid = placed.body.orderid as string;
    const [order] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      orderid,
    ]);
    await app.http().get(`/api/order/${orderid}/credit-note`).set(buyer.auth).expect(404);
    await app.http().get(`/api/admin/updateorder/${order.id}/Refund`).set(admin.auth).expect(200);
    const [invoice, creditNote] = await documentsOf(orderid);
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      number: `ZC/${FY}/${String(creditNote.serial).padStart(6, '0')}`,
      invoice_id: expect.any(String),
      taxable: invoice.taxable,
      cgst: invoice.cgst,
      sgst: invoice.sgst,
      igst: invoice.igst,
      total: invoice.total,
    });
    expectGapless(await allSerials('credit_note'));
    const pdf = await app
      .http()
      .get(`/api/order/${orderid}/credit-note`)
      .set(buyer.auth)
      .responseType('blob')
      .expect(200);
    const text = pdfText(binary(pdf));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against invoice ${invoice.number}`);
    await expectLedgerConsistent(app);
  });

  it('sums the month by state, rate and SAC for the admin, as JSON and CSV', async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const report = await app
      .http()
      .get('/api/admin/gst-report')
      .query({ month })
      .set(admin.auth)
      .expect(200);
    const [sums] = await app.sql<Record<string, string>>(
      `SELECT count(*) FILTER (WHERE kind = 'invoice')::int AS invoices,
              coalesce(sum(total) FILTER (WHERE kind = 'invoice'), 0) AS invoiced,
              coalesce(sum(taxable) FILTER (WHERE kind = 'invoice'), 0) AS taxable,
              coalesce(sum(igst) FILTER (WHERE kind = 'invoice'), 0) AS igst,
              coalesce(sum(total) FILTER (WHERE kind = 'credit_note'), 0) AS credited
       FROM tax_documents`,
    );
    const totals = report.body.totals as Record<string, Record<string, number>>;
    expect(totals.invoices.documents).toBe(Number(sums.invoices));
    expect(totals.invoices.total).toBe(Number(sums.invoiced));
    expect(totals.invoices.taxable).toBe(Number(sums.taxable));
    expect(totals.invoices.igst).toBe(Number(sums.igst));
    expect(totals.creditNotes.total).toBe(Number(sums.credited));
    expect(totals.net.total).toBe(Number(sums.invoiced) - Number(sums.credited));
    const rows = report.body.rows as Array<Record<string, unknown>>;
    expect(rows).toContainEqual(
      expect.objectContaining({
        kind: 'invoice',
        supplyType: 'B2C',
        placeOfSupply: '27',
        stateName: 'Maharashtra',
        rateBp: 1800,
        sac: '998439',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ supplyType: 'B2B', placeOfSupply: '27' }),
    );

    const csv = await app
      .http()
      .get('/api/admin/gst-report')
      .query({ month, format: 'csv' })
      .set(admin.auth)
      .expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Document,Supply type,Place of supply,Rate (%),SAC,Documents,Taxable value,CGST,SGST,IGST,Total',
    );
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Invoice,B2C,27-Maharashtra,18,998439,\d+,/),
    );

    const customer = await newShopper(app);
    await app.http().get('/api/admin/gst-report').query({ month }).set(customer.auth).expect(403);
    await app
      .http()
      .get('/api/admin/gst-report')
      .query({ month: '2026-13' })
      .set(admin.auth)
      .expect(400);
  });
});
