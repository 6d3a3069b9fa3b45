import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GST tax invoices and credit notes. The buyer's state of residence is asked once (`users`) and
 * copied onto each order at placement (`orders.buyer_state`); a reseller may give a GSTIN. Each
 * series (prefix and financial year) counts in `tax_document_series`: its row is taken inside
 * the transaction that marks an order paid or refunded, so a number is used exactly when the
 * transaction commits (gapless, unique).
 */
export class TaxInvoices1764500700000 implements MigrationInterface {
  name = 'TaxInvoices1764500700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE users ADD COLUMN state_code varchar(2), ADD COLUMN gstin varchar(15)`,
    );
    await db.query(`ALTER TABLE orders ADD COLUMN buyer_state varchar(2)`);
    await db.query(`
      CREATE TABLE tax_document_series (
        prefix varchar(3) NOT NULL,
        financial_year varchar(5) NOT NULL,
        last_number integer NOT NULL,
        CONSTRAINT tax_document_series_pkey PRIMARY KEY (prefix, financial_year),
        CONSTRAINT tax_document_series_last_number_check CHECK (last_number BETWEEN 1 AND 999999)
      )`);
    await db.query(`
      CREATE TABLE tax_documents (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        kind varchar(12) NOT NULL,
        number varchar(16) NOT NULL,
        financial_year varchar(5) NOT NULL,
        serial integer NOT NULL,
        order_id uuid NOT NULL,
        orderid varchar(16) NOT NULL,
        user_id uuid NOT NULL,
        invoice_id uuid,
        issued_at timestamptz NOT NULL DEFAULT now(),
        supplier_gstin varchar(15) NOT NULL,
        supplier_name text NOT NULL,
        supplier_address text NOT NULL,
        supplier_state varchar(2) NOT NULL,
        recipient_name varchar(80) NOT NULL,
        recipient_email varchar(254) NOT NULL,
        recipient_gstin varchar(15),
        recipient_state varchar(2),
        place_of_supply varchar(2) NOT NULL,
        description text NOT NULL,
        sac varchar(6) NOT NULL,
        rate_bp integer NOT NULL,
        taxable bigint NOT NULL,
        cgst bigint NOT NULL,
        sgst bigint NOT NULL,
        igst bigint NOT NULL,
        total bigint NOT NULL,
        CONSTRAINT tax_documents_pkey PRIMARY KEY (id),
        CONSTRAINT tax_documents_number_key UNIQUE (number),
        CONSTRAINT tax_documents_order_kind_key UNIQUE (order_id, kind),
        CONSTRAINT tax_documents_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders (id),
        CONSTRAINT tax_documents_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id),
        CONSTRAINT tax_documents_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES tax_documents (id),
        CONSTRAINT tax_documents_kind_check CHECK (kind IN ('invoice', 'credit_note')),
        CONSTRAINT tax_documents_sums_check CHECK (taxable + cgst + sgst + igst = total),
        CONSTRAINT tax_documents_amounts_check CHECK (taxable >= 0 AND cgst >= 0 AND sgst >= 0 AND igst >= 0)
      )`);
    await db.query(`CREATE INDEX tax_documents_month ON tax_documents (issued_at)`);
    await db.query(`CREATE INDEX tax_documents_orderid ON tax_documents (orderid)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tax_documents`);
    await db.query(`DROP TABLE tax_document_series`);
    await db.query(`ALTER TABLE orders DROP COLUMN buyer_state`);
    await db.query(`ALTER TABLE users DROP COLUMN state_code, DROP COLUMN gstin`);
  }
}
