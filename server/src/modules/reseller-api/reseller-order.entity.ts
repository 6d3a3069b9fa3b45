import { Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * A live order placed through the reseller API: the reseller's `reference` (their idempotency
 * key, forever) bound to the store's order, written in the order's own transaction.
 */
@Entity('reseller_orders')
@Unique('reseller_orders_user_reference_key', ['userId', 'reference'])
@Unique('reseller_orders_orderid_key', ['orderid'])
@Index('reseller_orders_user_newest', ['userId', 'createdAt', 'id'])
@Index('reseller_orders_reference', ['reference'])
export class ResellerOrderEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'reseller_orders_pkey' })
  id!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'reseller_orders_user_id_fkey' })
  userId!: string;

  @Column({ type: 'varchar', length: 64 })
  reference!: string;

  /** SHA-256 of what the order asked for, to tell a resend from a reuse of the reference. */
  @Column({ type: 'varchar', length: 64 })
  requestHash!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('reseller_api_keys', { name: 'reseller_orders_api_key_id_fkey' })
  apiKeyId!: string;

  @Column({ type: 'varchar', length: 16 })
  @ForeignKey('orders', 'orderid', { name: 'reseller_orders_orderid_fkey' })
  orderid!: string;

  /** The order's own callback URL (`callback_url`), over its key's. */
  @Column({ type: 'text', nullable: true })
  callbackUrl!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
