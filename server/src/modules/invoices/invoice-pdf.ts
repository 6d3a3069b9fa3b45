import PDFDocument from 'pdfkit';
import { gstStateName } from '@zstore/contract/gst-states';
import { istDisplayDate } from './financial-year.js';
import type { TaxDocumentEntity } from './tax-document.entity.js';

/** Paise as `1,234.56` (the standard PDF fonts have no rupee sign, so amounts say INR). */
const amount = (paise: number) =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = (rateBp: number) => `${(rateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
const stateLine = (code: string) => `${gstStateName(code) ?? 'Unknown'} (${code})`;

/**
 * A tax invoice or credit note as a one-page A4 PDF with what CGST rule 46 (rule 53 for a credit
 * note) asks for: supplier, number and date, recipient, place of supply, SAC, taxable value, the
 * rates and amounts of tax, the total; the credit note names its invoice.
 */
export function renderTaxDocument(
  document: TaxDocumentEntity,
  invoice?: TaxDocumentEntity,
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${document.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} ${document.number}`,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(18);
  pdf.text(document.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE', { align: 'right' });
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`Number: ${document.number}`, { align: 'right' });
  pdf.text(`Date: ${istDisplayDate(document.issuedAt)}`, { align: 'right' });
  if (invoice) {
    pdf.text(`Against invoice ${invoice.number} of ${istDisplayDate(invoice.issuedAt)}`, {
      align: 'right',
    });
  }
  pdf.text(`Order: ${document.orderid}`, { align: 'right' });
  pdf.moveDown();

  pdf.font('Helvetica-Bold').text('Supplier');
  pdf.font('Helvetica');
  pdf.text(document.supplierName);
  pdf.text(document.supplierAddress);
  pdf.text(`GSTIN: ${document.supplierGstin}`);
  pdf.text(`State: ${stateLine(document.supplierState)}`);
  pdf.moveDown();

  pdf.font('Helvetica-Bold').text('Recipient');
  pdf.font('Helvetica');
  pdf.text(document.recipientName);
  pdf.text(document.recipientEmail);
  if (document.recipientGstin) pdf.text(`GSTIN: ${document.recipientGstin}`);
  pdf.text(`State: ${document.recipientState ? stateLine(document.recipientState) : 'Not given'}`);
  pdf.text(`Place of supply: ${stateLine(document.placeOfSupply)}`);
  pdf.moveDown();

  const lines: Array<[string, string]> = [
    ['Description', document.description],
    ['SAC', document.sac],
    ['Taxable value', `INR ${amount(document.taxable)}`],
  ];
  if (document.igst > 0 || document.placeOfSupply !== document.supplierState) {
    lines.push([`IGST @ ${percent(document.rateBp)}`, `INR ${amount(document.igst)}`]);
  } else {
    const half = percent(document.rateBp / 2);
    lines.push([`CGST @ ${half}`, `INR ${amount(document.cgst)}`]);
    lines.push([`SGST @ ${half}`, `INR ${amount(document.sgst)}`]);
  }
  lines.push(['Total', `INR ${amount(document.total)}`]);
  for (const [label, value] of lines) {
    const y = pdf.y;
    pdf.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(label, 50, y, { width: 200 });
    pdf.text(value, 260, y, { width: 285, align: 'right' });
    pdf.moveDown(0.3);
  }
  pdf.moveDown();
  pdf.font('Helvetica').fontSize(9);
  pdf.text('Prices include GST. Tax is not payable on reverse charge.', 50);
  pdf.text('This is a computer-generated document and needs no signature.');
  pdf.end();
  return done;
}
