import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { bigintNumber } from '../../database/columns.js';
import { LedgerMovementEntity } from './ledger-movement.entity.js';

/**
 * One leg of a movement: `amount` paise (or points) on `account`, signed. Append-only: a trigger
 * refuses updates, deletes and truncation; written only by the ledger's one-statement post.
 */
@Entity('ledger_entries')
@Check('ledger_entries_amount_check', 'amount <> 0')
@Index('ledger_entries_account', ['account', 'currency'])
@Index('ledger_entries_reference', ['reference'])
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'ledger_entries_pkey',
  })
  /** bigint, read as text. */
  id!: string;

  @Column({ type: 'varchar', length: 120 })
  movementKey!: string;

  @ManyToOne(() => LedgerMovementEntity, { nullable: false, createForeignKeyConstraints: true })
  @JoinColumn({
    name: 'movement_key',
    referencedColumnName: 'key',
    foreignKeyConstraintName: 'ledger_entries_movement_key_fkey',
  })
  movement?: LedgerMovementEntity;

  @Column({ type: 'varchar', length: 64 })
  account!: string;

  @Column({ type: 'enum', enumName: 'ledger_currency', enum: ['ZCOIN', 'POINT'] })
  currency!: 'ZCOIN' | 'POINT';

  @Column({ type: 'bigint', transformer: bigintNumber })
  amount!: number;

  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  @Column({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
