import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The last number used in one series (invoice or credit-note prefix) of one financial year.
 * Its row is locked by the transaction that takes the next number until that commits, so the
 * series has no gap and no duplicate.
 */
@Entity('tax_document_series')
@Check('tax_document_series_last_number_check', 'last_number BETWEEN 1 AND 999999')
export class TaxDocumentSeriesEntity {
  @PrimaryColumn({
    type: 'varchar',
    length: 3,
    primaryKeyConstraintName: 'tax_document_series_pkey',
  })
  prefix!: string;

  @PrimaryColumn({
    type: 'varchar',
    length: 5,
    primaryKeyConstraintName: 'tax_document_series_pkey',
  })
  financialYear!: string;

  @Column({ type: 'integer' })
  lastNumber!: number;
}
