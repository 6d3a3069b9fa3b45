import { ORDER_STATUSES, type OrderStatus } from '@zstore/contract/statuses';
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';

/**
 * Orders per India day placed and status, with what they were paid (paise): the folded sums of
 * the running tally the `orders` triggers keep (see `database/tallies.ts`).
 */
@Entity('order_tallies')
export class OrderTallyEntity {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'order_tallies_pkey' })
  day!: string;

  @PrimaryColumn({
    type: 'enum',
    enumName: 'order_status',
    enum: ORDER_STATUSES,
    primaryKeyConstraintName: 'order_tallies_pkey',
  })
  status!: OrderStatus;

  @Column({ type: 'bigint', transformer: bigintNumber })
  orders!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  value!: number;
}

/** A change the `orders` triggers append to the tally, not yet folded into `order_tallies`. */
@Entity('order_tally_changes')
export class OrderTallyChangeEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'order_tally_changes_pkey',
  })
  id!: string;

  @Column({ type: 'date' })
  day!: string;

  @Column({ type: 'enum', enumName: 'order_status', enum: ORDER_STATUSES })
  status!: OrderStatus;

  @Column({ type: 'integer' })
  orders!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  value!: number;
}
