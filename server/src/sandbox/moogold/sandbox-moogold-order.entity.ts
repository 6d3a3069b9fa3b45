import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** An order the MooGold simulator took; it settles to `outcome` at `settleAt`. */
@Entity('sandbox_moogold_orders')
@Unique('sandbox_moogold_orders_partner_order_id_key', ['partnerOrderId'])
@Index('sandbox_moogold_orders_player', ['playerId', 'orderId'])
export class SandboxMoogoldOrderEntity {
  /** bigint, read as text like MooGold's own ids; numbered from 300001. */
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'sandbox_moogold_orders_pkey',
  })
  orderId!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  partnerOrderId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  productId!: string;

  @Column({ type: 'varchar', length: 16 })
  variationId!: string;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'varchar', length: 64 })
  playerId!: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  serverId!: string;

  /** Decimal text, as the supplier answers it. */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  price!: string;

  @Column({ type: 'varchar', length: 20, default: 'processing' })
  status!: string;

  @Column({ type: 'varchar', length: 20 })
  outcome!: string;

  @Column({ type: 'timestamptz' })
  settleAt!: Date;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;
}
