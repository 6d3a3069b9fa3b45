import { loadConfig } from '../../config/config.js';
import { invoiceOf, type InvoicedOrder, type InvoiceParty } from './tax-invoice.js';

const gst = loadConfig({ NODE_ENV: 'test' }).gst;
const paidAt = new Date('2026-11-27T10:00:00Z');
const order = (value: number, buyerState: string | null = null): InvoicedOrder => ({
  id: 'order-uuid',
  orderid: 'ZS1001',
  userId: 'user-uuid',
  productId: 'product-uuid',
  value,
  buyerState,
  productName: 'Mobile Legends',
  itemName: '86 Diamonds',
});
const party = (overrides: Partial<InvoiceParty> = {}): InvoiceParty => ({
  name: 'Asha',
  email: 'asha@example.com',
  gstin: null,
  category: 'games',
  ...overrides,
});

/** total / (1 + r) rounded half away from zero, in exact integers. */
function exactTaxable(total: number, rateBp: number) {
  const numerator = BigInt(total) * 10_000n;
  const base = BigInt(10_000 + rateBp);
  const quotient = numerator / base;
  return Number(2n * (numerator % base) >= base ? quotient + 1n : quotient);
}

describe('invoiceOf', () => {
  it('splits a tax-inclusive price exactly, at every rate and price', () => {
    for (const rate of [0.25, 3, 5, 12, 18, 28]) {
      const rates = { games: { sac: '998439', rate } };
      const wrong: number[] = [];
      for (let value = 0; value <= 250_000; value += 7) {
        const invoice = invoiceOf({ ...gst, rates }, '26-27', order(value), party(), paidAt)!;
        const sum = invoice.taxable + invoice.cgst + invoice.sgst + invoice.igst;
        const exact = exactTaxable(value, Math.round(rate * 100));
        if (invoice.taxable !== exact || sum !== value) wrong.push(value);
      }
      expect({ rate, wrong }).toEqual({ rate, wrong: [] });
    }
  });

  it('charges CGST and SGST within the store’s state, the odd paisa to CGST', () => {
    const invoice = invoiceOf(gst, '26-27', order(11_801, gst.stateCode), party(), paidAt)!;
    expect(invoice).toMatchObject({ placeOfSupply: gst.stateCode, taxable: 10_001, igst: 0 });
    expect(invoice.cgst).toBe(900);
    expect(invoice.sgst).toBe(900);
    const odd = invoiceOf(gst, '26-27', order(11_802, gst.stateCode), party(), paidAt)!;
    expect([odd.taxable, odd.cgst, odd.sgst]).toEqual([10_002, 900, 900]);
    const oddTax = invoiceOf(gst, '26-27', order(11_803, gst.stateCode), party(), paidAt)!;
    expect([oddTax.taxable, oddTax.cgst, oddTax.sgst]).toEqual([10_003, 900, 900]);
  });

  it('supplies to the GSTIN’s state first, then the buyer’s, then the store’s', () => {
    const other = gst.stateCode === '27' ? '29' : '27';
    const registered = party({ gstin: `${other}ABCDE1234F1Z5` });
    expect(invoiceOf(gst, '26-27', order(11_800, gst.stateCode), registered, paidAt)).toMatchObject(
      { placeOfSupply: other, recipientState: gst.stateCode, igst: 1_800, cgst: 0, sgst: 0 },
    );
    expect(invoiceOf(gst, '26-27', order(11_800, other), party(), paidAt)).toMatchObject({
      placeOfSupply: other,
      igst: 1_800,
    });
    expect(invoiceOf(gst, '26-27', order(11_800, null), party(), paidAt)).toMatchObject({
      placeOfSupply: gst.stateCode,
      cgst: 900,
      sgst: 900,
    });
  });

  it('writes nothing for a category without a GST rate', () => {
    expect(invoiceOf(gst, '26-27', order(100), party({ category: 'unknown' }), paidAt)).toBe(
      undefined,
    );
  });

  it('names the supplier, the buyer and the pack', () => {
    expect(invoiceOf(gst, '26-27', order(11_800), party(), paidAt)).toMatchObject({
      prefix: gst.invoicePrefix,
      financialYear: '26-27',
      supplierGstin: gst.gstin,
      recipientName: 'Asha',
      recipientEmail: 'asha@example.com',
      description: 'Mobile Legends - 86 Diamonds',
      sac: '998439',
      rateBp: 1_800,
      total: 11_800,
    });
  });
});
