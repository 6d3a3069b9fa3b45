import { WALLET_TXN_STATUSES, type WalletTxnStatus } from '@zstore/contract/statuses';
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';
import type { WalletTxnType } from './wallet-transaction.entity.js';

const TYPES = ['Credit', 'Debit', 'Refunded'];

/** How many wallet transactions have each type and status, folded from the changes below. */
@Entity('wallet_transaction_tallies')
export class WalletTransactionTallyEntity {
  @PrimaryColumn({
    type: 'enum',
    enumName: 'wallet_txn_type',
    enum: TYPES,
    primaryKeyConstraintName: 'wallet_transaction_tallies_pkey',
  })
  type!: WalletTxnType;

  @PrimaryColumn({
    type: 'enum',
    enumName: 'wallet_txn_status',
    enum: WALLET_TXN_STATUSES,
    primaryKeyConstraintName: 'wallet_transaction_tallies_pkey',
  })
  status!: WalletTxnStatus;

  @Column({ type: 'bigint', transformer: bigintNumber })
  transactions!: number;
}

/** A +1/-1 a trigger appends for each insert, delete or move between type and status. */
@Entity('wallet_transaction_tally_changes')
export class WalletTransactionTallyChangeEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'wallet_transaction_tally_changes_pkey',
  })
  /** bigint, read as text. */
  id!: string;

  @Column({ type: 'enum', enumName: 'wallet_txn_type', enum: TYPES })
  type!: WalletTxnType;

  @Column({ type: 'enum', enumName: 'wallet_txn_status', enum: WALLET_TXN_STATUSES })
  status!: WalletTxnStatus;

  @Column({ type: 'integer' })
  transactions!: number;
}

/**
 * How many wallet transactions of each type and status were made on each India day: what finds
 * the day a page by number of the newest-first list (whole, or by type and status) starts on,
 * folded from the changes below.
 */
@Entity('wallet_transaction_day_tallies')
export class WalletTransactionDayTallyEntity {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'wallet_transaction_day_tallies_pkey' })
  day!: string;

  @PrimaryColumn({
    type: 'enum',
    enumName: 'wallet_txn_type',
    enum: TYPES,
    primaryKeyConstraintName: 'wallet_transaction_day_tallies_pkey',
  })
  type!: WalletTxnType;

  @PrimaryColumn({
    type: 'enum',
    enumName: 'wallet_txn_status',
    enum: WALLET_TXN_STATUSES,
    primaryKeyConstraintName: 'wallet_transaction_day_tallies_pkey',
  })
  status!: WalletTxnStatus;

  @Column({ type: 'bigint', transformer: bigintNumber })
  transactions!: number;
}

/**
 * A +1/-1 a trigger appends for each insert, delete or move between days, types and statuses,
 * not yet folded into the day tally.
 */
@Entity('wallet_transaction_day_tally_changes')
export class WalletTransactionDayTallyChangeEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'wallet_transaction_day_tally_changes_pkey',
  })
  /** bigint, read as text. */
  id!: string;

  @Column({ type: 'date' })
  day!: string;

  @Column({ type: 'enum', enumName: 'wallet_txn_type', enum: TYPES })
  type!: WalletTxnType;

  @Column({ type: 'enum', enumName: 'wallet_txn_status', enum: WALLET_TXN_STATUSES })
  status!: WalletTxnStatus;

  @Column({ type: 'integer' })
  transactions!: number;
}
