import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';

/**
 * Delivery promises per India day of payment, supplier and product: orders that ended, those
 * of them that missed the promise, and the compensations paid (paise); the folded sums of the
 * running tally the `orders` trigger keeps (see the DeliveryGuarantee migration).
 */
@Entity('promise_tallies')
export class PromiseTallyEntity {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'promise_tallies_pkey' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 32, primaryKeyConstraintName: 'promise_tallies_pkey' })
  supplier!: string;

  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'promise_tallies_pkey' })
  productId!: string;

  @PrimaryColumn({
    type: 'varchar',
    length: 120,
    primaryKeyConstraintName: 'promise_tallies_pkey',
  })
  productName!: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  ended!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  late!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  compensated!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  compensation!: number;
}

/** A change the `orders` trigger appends to the promise tally, not yet folded in. */
@Entity('promise_tally_changes')
export class PromiseTallyChangeEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'promise_tally_changes_pkey',
  })
  id!: string;

  @Column({ type: 'date' })
  day!: string;

  @Column({ type: 'varchar', length: 32 })
  supplier!: string;

  @Column({ type: 'uuid' })
  productId!: string;

  @Column({ type: 'varchar', length: 120 })
  productName!: string;

  @Column({ type: 'integer' })
  ended!: number;

  @Column({ type: 'integer' })
  late!: number;

  @Column({ type: 'integer' })
  compensated!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  compensation!: number;
}
