import { gstStateName } from '@zstore/contract/gst-states';
import type { GstReportRow } from './tax-documents.repository.js';

export interface GstAmounts {
  documents: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface GstReport {
  month: string;
  rows: Array<GstReportRow & { stateName: string }>;
  /** Paise: invoices, credit notes, and invoices less credit notes (what GSTR-1 B2CS nets). */
  totals: { invoices: GstAmounts; creditNotes: GstAmounts; net: GstAmounts };
}

const FIELDS = ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const;

function sum(rows: GstReportRow[]): GstAmounts {
  const totals: GstAmounts = { documents: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
  for (const row of rows) {
    totals.documents += row.documents;
    for (const field of FIELDS) totals[field] += row[field];
  }
  return totals;
}

export function gstReport(month: string, rows: GstReportRow[]): GstReport {
  const invoices = sum(rows.filter((row) => row.kind === 'invoice'));
  const creditNotes = sum(rows.filter((row) => row.kind === 'credit_note'));
  const net = { ...invoices, documents: invoices.documents - creditNotes.documents };
  for (const field of FIELDS) net[field] = invoices[field] - creditNotes[field];
  return {
    month,
    rows: rows.map((row) => ({ ...row, stateName: gstStateName(row.placeOfSupply) ?? 'Unknown' })),
    totals: { invoices, creditNotes, net },
  };
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const csvField = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * The report as CSV, one line per group, amounts in rupees; the place of supply as GSTR-1's
 * offline tool writes it (`29-Karnataka`).
 */
export function gstReportCsv(report: GstReport): string {
  const header = [
    'Document',
    'Supply type',
    'Place of supply',
    'Rate (%)',
    'SAC',
    'Documents',
    'Taxable value',
    'CGST',
    'SGST',
    'IGST',
    'Total',
  ];
  const lines = report.rows.map((row) =>
    [
      row.kind === 'invoice' ? 'Invoice' : 'Credit note',
      row.supplyType,
      `${row.placeOfSupply}-${row.stateName}`,
      String(row.rateBp / 100),
      row.sac,
      String(row.documents),
      ...FIELDS.map((field) => rupees(row[field])),
    ]
      .map(csvField)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
