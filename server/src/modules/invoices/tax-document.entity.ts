import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';

export type TaxDocumentKind = 'invoice' | 'credit_note';

/**
 * A GST tax invoice (one per paid order) or a credit note against it (one per refund), with the
 * supplier, the recipient and the amounts in paise as they were when it was issued: it is never
 * changed afterwards. `taxable + cgst + sgst + igst = total`, the price paid.
 */
@Entity('tax_documents')
@Unique('tax_documents_number_key', ['number'])
@Unique('tax_documents_orderid_kind_key', ['orderid', 'kind'])
@Check('tax_documents_kind_check', `kind IN ('invoice', 'credit_note')`)
@Check('tax_documents_sums_check', 'taxable + cgst + sgst + igst = total')
@Check('tax_documents_amounts_check', 'taxable >= 0 AND cgst >= 0 AND sgst >= 0 AND igst >= 0')
@Index('tax_documents_month', ['issuedAt'])
@Index('tax_documents_unnumbered', ['issuedAt', 'id'], { where: 'serial IS NULL' })
export class TaxDocumentEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'tax_documents_pkey' })
  id!: string;

  @Column({ type: 'varchar', length: 12 })
  kind!: TaxDocumentKind;

  /** The series: the invoice or the credit-note prefix of the store's configuration. */
  @Column({ type: 'varchar', length: 8 })
  prefix!: string;

  /**
   * `ZS/26-27/000001`: prefix, financial year, serial; at most 16 characters (CGST rule 46).
   * Number and serial are given just after the issuing transaction commits (`numberPending`),
   * the oldest issued of those waiting first; null until then.
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  number!: string | null;

  /** `26-27` for April 2026 to March 2027 (India time). */
  @Column({ type: 'varchar', length: 5 })
  financialYear!: string;

  @Column({ type: 'integer', nullable: true })
  serial!: number | null;

  @Column({ type: 'uuid' })
  @ForeignKey('orders', { name: 'tax_documents_order_id_fkey' })
  orderId!: string;

  @Column({ type: 'varchar', length: 16 })
  orderid!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'tax_documents_user_id_fkey' })
  userId!: string;

  /** A credit note's invoice. */
  @Column({ type: 'uuid', nullable: true })
  @ForeignKey('tax_documents', { name: 'tax_documents_invoice_id_fkey' })
  invoiceId!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  issuedAt!: Date;

  @Column({ type: 'varchar', length: 15 })
  supplierGstin!: string;

  @Column({ type: 'text' })
  supplierName!: string;

  @Column({ type: 'text' })
  supplierAddress!: string;

  @Column({ type: 'varchar', length: 2 })
  supplierState!: string;

  @Column({ type: 'varchar', length: 80 })
  recipientName!: string;

  @Column({ type: 'varchar', length: 254 })
  recipientEmail!: string;

  @Column({ type: 'varchar', length: 15, nullable: true })
  recipientGstin!: string | null;

  /** The state the buyer gave, if any. */
  @Column({ type: 'varchar', length: 2, nullable: true })
  recipientState!: string | null;

  /** GST state code; decides CGST + SGST (the supplier's state) or IGST (another state). */
  @Column({ type: 'varchar', length: 2 })
  placeOfSupply!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 6 })
  sac!: string;

  /** The GST rate in hundredths of a per cent (1800 = 18 %). */
  @Column({ type: 'integer' })
  rateBp!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  taxable!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  cgst!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  sgst!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  igst!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  total!: number;
}
