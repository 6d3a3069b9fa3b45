import { Check, Column, Entity, ForeignKey, PrimaryColumn, Unique } from 'typeorm';

export type PurchaseStatus = 'reserved' | 'sent' | 'confirmed' | 'failed' | 'unknown';
export type Supplier = 'smileone' | 'moogold';

/**
 * One pack of an API order bought from a supplier: reserved before the call under a reference
 * of ours, so a retried delivery asks about the same purchase instead of buying it again.
 */
@Entity('supplier_purchases')
@Unique('supplier_purchases_reference_key', ['reference'])
@Check(
  'supplier_purchases_failure_check',
  `((failure)::text = ANY ((ARRAY['player'::character varying, 'store'::character varying])::text[]))`,
)
@Check('supplier_purchases_pack_check', 'pack >= 1')
@Check(
  'supplier_purchases_status_check',
  `((status)::text = ANY ((ARRAY['reserved'::character varying, 'sent'::character varying, 'confirmed'::character varying, 'failed'::character varying, 'unknown'::character varying])::text[]))`,
)
@Check(
  'supplier_purchases_supplier_check',
  `((supplier)::text = ANY ((ARRAY['smileone'::character varying, 'moogold'::character varying])::text[]))`,
)
export class SupplierPurchaseEntity {
  @PrimaryColumn({
    type: 'varchar',
    length: 16,
    primaryKeyConstraintName: 'supplier_purchases_pkey',
  })
  @ForeignKey('orders', 'orderid', { name: 'supplier_purchases_orderid_fkey' })
  orderid!: string;

  /** 1-based, in the order of the order's `itemidarray`. */
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'supplier_purchases_pkey' })
  pack!: number;

  @Column({ type: 'varchar', length: 16 })
  supplier!: Supplier;

  /** The supplier's product id of the pack. */
  @Column({ type: 'varchar', length: 32 })
  productRef!: string;

  /** Our reference for the purchase (`<orderid>-<pack>`), sent to MooGold. */
  @Column({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  supplierReference!: string | null;

  @Column({ type: 'varchar', length: 12, default: 'reserved' })
  status!: PurchaseStatus;

  @Column({ type: 'varchar', length: 8, nullable: true })
  failure!: 'player' | 'store' | null;

  /** Sends that could not reach the supplier. */
  @Column({ type: 'integer', default: 0 })
  tries!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
