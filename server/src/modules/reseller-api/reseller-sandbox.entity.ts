import {
  Check,
  Column,
  Entity,
  ForeignKey,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { bigintNumber } from '../../database/columns.js';

/** How a sandbox order ends, as the supplier simulators decide it from the player id. */
export type SandboxOutcome = 'deliver' | 'refuse' | 'timeout';

/** An order placed with a test key: it never reaches a supplier, the wallet or the ledger. */
@Entity('reseller_sandbox_orders')
@Unique('reseller_sandbox_orders_orderid_key', ['orderid'])
@Unique('reseller_sandbox_orders_user_reference_key', ['userId', 'reference'])
@Index('reseller_sandbox_orders_user_newest', ['userId', 'createdAt', 'id'])
export class ResellerSandboxOrderEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'reseller_sandbox_orders_pkey' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  orderid!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'reseller_sandbox_orders_user_id_fkey' })
  userId!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('reseller_api_keys', { name: 'reseller_sandbox_orders_api_key_id_fkey' })
  apiKeyId!: string;

  @Column({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ type: 'varchar', length: 64 })
  requestHash!: string;

  @Column({ type: 'uuid' })
  itemId!: string;

  @Column({ type: 'varchar', length: 120 })
  itemName!: string;

  @Column({ type: 'varchar', length: 120 })
  productName!: string;

  @Column({ type: 'varchar', length: 254 })
  input1!: string;

  @Column({ type: 'varchar', length: 64 })
  input2!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  playerName!: string | null;

  @Column({ type: 'bigint', transformer: bigintNumber })
  price!: number;

  @Column({ type: 'varchar', length: 16 })
  outcome!: SandboxOutcome;

  @Column({ type: 'text', nullable: true })
  refundReason!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

/** A reseller's test balance, topped up freely through the API with a test key. */
@Entity('reseller_sandbox_wallets')
@Check('reseller_sandbox_wallets_balance_check', 'balance >= 0')
export class ResellerSandboxWalletEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'reseller_sandbox_wallets_pkey' })
  @ForeignKey('users', { name: 'reseller_sandbox_wallets_user_id_fkey' })
  userId!: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  balance!: number;
}

/** One change of a test balance, with the balance after it: the test statement's lines. */
@Entity('reseller_sandbox_movements')
@Index('reseller_sandbox_movements_user', ['userId', 'createdAt'])
export class ResellerSandboxMovementEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'reseller_sandbox_movements_pkey' })
  id!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'reseller_sandbox_movements_user_id_fkey' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: 'topup' | 'order' | 'refund';

  /** Paise, signed: positive credits the test balance. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  amount!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  balanceAfter!: number;

  @Column({ type: 'varchar', length: 16, nullable: true })
  orderid!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  reference!: string | null;

  @Column({ type: 'timestamptz', default: () => 'clock_timestamp()' })
  createdAt!: Date;
}
