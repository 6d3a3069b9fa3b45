import type { GstConfig } from '../../config/config.js';
import type { TaxDocumentEntity } from './tax-document.entity.js';

/** The paid order an invoice is for, as its paid transaction holds it. */
export interface InvoicedOrder {
  id: string;
  orderid: string;
  userId: string;
  productId: string;
  value: number;
  buyerState: string | null;
  productName: string;
  itemName: string;
}

/** Who is invoiced, as the account is now, and the product's category (its SAC and rate). */
export interface InvoiceParty {
  name: string;
  email: string;
  gstin: string | null;
  category: string;
}

/** A tax invoice as it is written, before it is numbered. */
export type NewInvoice = Pick<
  TaxDocumentEntity,
  | 'prefix'
  | 'financialYear'
  | 'orderId'
  | 'orderid'
  | 'userId'
  | 'issuedAt'
  | 'supplierGstin'
  | 'supplierName'
  | 'supplierAddress'
  | 'supplierState'
  | 'recipientName'
  | 'recipientEmail'
  | 'recipientGstin'
  | 'recipientState'
  | 'placeOfSupply'
  | 'description'
  | 'sac'
  | 'rateBp'
  | 'taxable'
  | 'cgst'
  | 'sgst'
  | 'igst'
  | 'total'
>;

/**
 * The invoice of a paid order; undefined when the product's category has no GST rate.
 * Tax-inclusive price `total` at rate r: taxable = round(total / (1 + r)), half away from zero,
 * worked in integers; tax = total - taxable. Within the store's state CGST = tax - floor(tax / 2)
 * and SGST = floor(tax / 2) (the odd paisa goes to CGST), otherwise IGST = tax. Place of supply:
 * the GSTIN's state for a registered buyer, else the buyer's state on the order, else the store's.
 */
export function invoiceOf(
  gst: GstConfig,
  financialYear: string,
  order: InvoicedOrder,
  party: InvoiceParty,
  issuedAt: Date,
): NewInvoice | undefined {
  const rate = gst.rates[party.category];
  if (!rate) return undefined;
  const rateBp = Math.round(rate.rate * 100);
  const base = 10_000 + rateBp;
  const taxable = Math.floor((2 * order.value * 10_000 + base) / (2 * base));
  const tax = order.value - taxable;
  const placeOfSupply = party.gstin?.slice(0, 2) ?? order.buyerState ?? gst.stateCode;
  const withinState = placeOfSupply === gst.stateCode;
  return {
    prefix: gst.invoicePrefix,
    financialYear,
    orderId: order.id,
    orderid: order.orderid,
    userId: order.userId,
    issuedAt,
    supplierGstin: gst.gstin,
    supplierName: gst.legalName,
    supplierAddress: gst.address,
    supplierState: gst.stateCode,
    recipientName: party.name,
    recipientEmail: party.email,
    recipientGstin: party.gstin,
    recipientState: order.buyerState,
    placeOfSupply,
    description: `${order.productName} - ${order.itemName}`,
    sac: rate.sac,
    rateBp,
    taxable,
    cgst: withinState ? tax - Math.floor(tax / 2) : 0,
    sgst: withinState ? Math.floor(tax / 2) : 0,
    igst: withinState ? 0 : tax,
    total: order.value,
  };
}
