import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One money-moving step, posted once: its key is the step's idempotency. */
@Entity('ledger_movements')
export class LedgerMovementEntity {
  @PrimaryColumn({
    type: 'varchar',
    length: 120,
    primaryKeyConstraintName: 'ledger_movements_pkey',
  })
  key!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  @Column({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
