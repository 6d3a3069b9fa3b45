import { Check, Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';
import type { UpiIntentLinks } from '../../providers/upigateway/upigateway.adapter.js';
import {
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  type PaymentPurpose,
  type PaymentStatus,
} from './payment-state.js';

/**
 * One attempt to collect money by UPI (an order's payment, a top-up): the gateway's order, its
 * links and answers, its expiry and the schedule of its checks. The order or top-up it pays for
 * holds its id; `client_txn_id` is that payable's business id, as the gateway knows it.
 */
@Entity('payments')
@Unique('payments_client_txn_id_key', ['clientTxnId'])
@Check('payments_amount_check', 'amount >= 0')
// Partial indexes TypeORM cannot describe (the sweep's reads): the migration owns them.
@Index('payments_open_expiry', { synchronize: false })
@Index('payments_open_newest', { synchronize: false })
@Index('payments_late_due', { synchronize: false })
export class PaymentEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'payments_pkey' })
  id!: string;

  /** The payable's business id (`ZS...` order, `ZT...` top-up), the gateway's `client_txn_id`. */
  @Column({ type: 'varchar', length: 16 })
  clientTxnId!: string;

  @Column({ type: 'enum', enumName: 'payment_purpose', enum: PAYMENT_PURPOSES })
  purpose!: PaymentPurpose;

  @Column({ type: 'enum', enumName: 'payment_status', enum: PAYMENT_STATUSES, default: 'created' })
  status!: PaymentStatus;

  /** Paise. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  amount!: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  gatewayOrderId!: string | null;

  @Column({ type: 'text', nullable: true })
  paymentUrl!: string | null;

  /** The gateway's UPI app links of its order. */
  @Column({ type: 'jsonb', nullable: true })
  upiIntent!: UpiIntentLinks | null;

  /** The gateway's last answer while open, or the answer that settled it, as it came. */
  @Column({ type: 'jsonb', nullable: true })
  gatewayData!: Record<string, unknown> | null;

  /** The India-time date (DD-MM-YYYY) the gateway is asked with. */
  @Column({ type: 'varchar', length: 10 })
  txnDate!: string;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** The check job's generation: one live job per payment (`<prefix>-<id>-<generation>`). */
  @Column({ type: 'integer', default: 0 })
  verifyGeneration!: number;

  /** A failed or expired payment's next late-payment check; null when none is left. */
  @Column({ type: 'timestamptz', nullable: true })
  nextCheckAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lateCheckUntil!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
