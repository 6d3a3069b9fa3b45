import { Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { CheckOrigin } from './payment-state.js';

/** One `check_order_status` call about a payment: when, who asked, and what the gateway said. */
@Entity('payment_checks')
@Index('payment_checks_payment', ['paymentId', 'checkedAt'])
@Index('payment_checks_checked', ['checkedAt'])
export class PaymentCheckEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'payment_checks_pkey' })
  id!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('payments', { name: 'payment_checks_payment_id_fkey', onDelete: 'CASCADE' })
  paymentId!: string;

  @Column({ type: 'varchar', length: 16 })
  origin!: CheckOrigin;

  /** The gateway's status (`success`, `failure`, `pending`, `scanning`); null when it had none. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  answer!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  data!: Record<string, unknown> | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  checkedAt!: Date;
}
