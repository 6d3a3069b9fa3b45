import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { Statement } from '../../database/statement.js';
import { TaxDocumentEntity } from './tax-document.entity.js';
import type { InvoiceParty, NewInvoice } from './tax-invoice.js';

/** One line of the monthly GST report: documents of one kind, supply type, state, rate and SAC. */
export interface GstReportRow {
  kind: 'invoice' | 'credit_note';
  supplyType: 'B2B' | 'B2C';
  placeOfSupply: string;
  rateBp: number;
  sac: string;
  documents: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/**
 * SQL on the order path: one plain insert in the paid transaction. The invoice used to be
 * copied from a join of the order, the buyer and the product; planning that join cost more
 * than the rest of checkout's statements together, so the caller hands the values over.
 */
const INSERT_INVOICE = `
  INSERT INTO tax_documents (kind, prefix, financial_year, order_id, orderid, user_id, issued_at,
    supplier_gstin, supplier_name, supplier_address, supplier_state,
    recipient_name, recipient_email, recipient_gstin, recipient_state, place_of_supply,
    description, sac, rate_bp, taxable, cgst, sgst, igst, total)
  VALUES ('invoice', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
    $18, $19, $20, $21, $22, $23)`;

/** Who an order's invoice names, for a payment settled away from checkout. */
const PARTY_OF = `
  SELECT u.name, u.email, u.gstin, p.category
  FROM users u JOIN products p ON p.id = $2 WHERE u.id = $1`;

/** The credit note of a refunded order: its invoice's amounts, reversed in full. */
const ISSUE_CREDIT_NOTE = `
  WITH source AS (
    SELECT * FROM tax_documents WHERE orderid = $3 AND kind = 'invoice'
  )
  INSERT INTO tax_documents (kind, prefix, financial_year, order_id, orderid, user_id, invoice_id, issued_at,
    supplier_gstin, supplier_name, supplier_address, supplier_state,
    recipient_name, recipient_email, recipient_gstin, recipient_state, place_of_supply,
    description, sac, rate_bp, taxable, cgst, sgst, igst, total)
  SELECT 'credit_note', $1, $2, source.order_id, source.orderid, source.user_id, source.id, $4,
    source.supplier_gstin, source.supplier_name, source.supplier_address, source.supplier_state,
    source.recipient_name, source.recipient_email, source.recipient_gstin, source.recipient_state, source.place_of_supply,
    source.description, source.sac, source.rate_bp, source.taxable, source.cgst, source.sgst, source.igst, source.total
  FROM source
  RETURNING id`;

/**
 * Numbers up to `$1` committed documents that have none, oldest issued first, each series
 * (prefix and financial year) continuing from its last number, in one statement. The caller
 * holds the numbering lock, so no two numberers run at once.
 */
const NUMBER_PENDING = `
  WITH pending AS (
    SELECT id, prefix, financial_year,
           row_number() OVER (PARTITION BY prefix, financial_year ORDER BY issued_at, id) AS n
    FROM (SELECT id, prefix, financial_year, issued_at FROM tax_documents
          WHERE serial IS NULL ORDER BY issued_at, id LIMIT $1) AS oldest
  ), taken AS (
    SELECT prefix, financial_year, count(*)::int AS count FROM pending GROUP BY prefix, financial_year
  ), series AS (
    INSERT INTO tax_document_series AS s (prefix, financial_year, last_number)
    SELECT prefix, financial_year, count FROM taken
    ON CONFLICT (prefix, financial_year) DO UPDATE SET last_number = s.last_number + EXCLUDED.last_number
    RETURNING prefix, financial_year, last_number
  )
  UPDATE tax_documents d
  SET serial = series.last_number - taken.count + pending.n,
      number = pending.prefix || '/' || pending.financial_year || '/'
        || lpad((series.last_number - taken.count + pending.n)::text, 6, '0')
  FROM pending
  JOIN taken USING (prefix, financial_year)
  JOIN series USING (prefix, financial_year)
  WHERE d.id = pending.id`;

/** Held by the one numberer at a time, for its transaction (safe behind a pooler). */
const NUMBERING_LOCK = `SELECT pg_advisory_xact_lock(hashtext('tax_documents.numbering'))`;

/** The month's documents summed for GSTR-1 (SQL: a grouped report). */
/** SQL: a report grouped in the database. Sums as float8, exact below 2^53 paise. */
const GST_REPORT = `
  SELECT kind, CASE WHEN recipient_gstin IS NULL THEN 'B2C' ELSE 'B2B' END AS "supplyType",
         place_of_supply AS "placeOfSupply", rate_bp AS "rateBp", sac, count(*)::int AS documents,
         sum(taxable)::float8 AS taxable, sum(cgst)::float8 AS cgst, sum(sgst)::float8 AS sgst,
         sum(igst)::float8 AS igst, sum(total)::float8 AS total
  FROM tax_documents WHERE issued_at >= $1 AND issued_at < $2
  GROUP BY kind, "supplyType", place_of_supply, rate_bp, sac
  ORDER BY kind DESC, "supplyType", place_of_supply, rate_bp, sac`;

@Injectable()
export class TaxDocumentsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Inserts the order's invoice, numbered after commit. */
  async insertInvoice(invoice: NewInvoice): Promise<void> {
    const { sql, parameters } = this.invoiceInsert(invoice);
    await this.txHost.tx.query(sql, parameters);
  }

  /** The insert of the order's invoice, for a statement that writes it alongside the order. */
  invoiceInsert(invoice: NewInvoice): Statement {
    return {
      sql: INSERT_INVOICE,
      parameters: [
        invoice.prefix,
        invoice.financialYear,
        invoice.orderId,
        invoice.orderid,
        invoice.userId,
        invoice.issuedAt,
        invoice.supplierGstin,
        invoice.supplierName,
        invoice.supplierAddress,
        invoice.supplierState,
        invoice.recipientName,
        invoice.recipientEmail,
        invoice.recipientGstin,
        invoice.recipientState,
        invoice.placeOfSupply,
        invoice.description,
        invoice.sac,
        invoice.rateBp,
        invoice.taxable,
        invoice.cgst,
        invoice.sgst,
        invoice.igst,
        invoice.total,
      ],
    };
  }

  /** The buyer and the product's category, as they are now. */
  async partyOf(userId: string, productId: string): Promise<InvoiceParty | undefined> {
    const rows: InvoiceParty[] = await this.txHost.tx.query(PARTY_OF, [userId, productId]);
    return rows[0];
  }

  /** Inserts the credit note against the order's invoice, numbered at commit; false: no invoice. */
  async issueCreditNote(
    prefix: string,
    financialYear: string,
    orderid: string,
    at: Date,
  ): Promise<boolean> {
    const rows: Array<{ id: string }> = await this.txHost.tx.query(ISSUE_CREDIT_NOTE, [
      prefix,
      financialYear,
      orderid,
      at,
    ]);
    return rows.length === 1;
  }

  /** Numbers up to `limit` documents waiting for one; answers how many it numbered. */
  numberPending(limit: number): Promise<number> {
    return this.txHost.withTransaction(async () => {
      await this.txHost.tx.query(NUMBERING_LOCK);
      const [, numbered]: [unknown, number] = await this.txHost.tx.query(NUMBER_PENDING, [limit]);
      return numbered;
    });
  }

  /** Who may read a guest's documents, once the guest's orders joined an account. */
  async moveOwner(fromUserId: string, toUserId: string) {
    await this.txHost.tx
      .getRepository(TaxDocumentEntity)
      .update({ userId: fromUserId }, { userId: toUserId });
  }

  /** The order's invoice and credit note, if any. */
  forOrder(orderid: string): Promise<TaxDocumentEntity[]> {
    return this.txHost.tx
      .getRepository(TaxDocumentEntity)
      .find({ where: { orderid }, order: { serial: 'ASC' } });
  }

  report(from: Date, to: Date): Promise<GstReportRow[]> {
    return this.txHost.tx.query(GST_REPORT, [from, to]);
  }
}
