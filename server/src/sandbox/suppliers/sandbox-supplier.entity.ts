import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** A simulated supplier's balance in one region, decimal text as the supplier answers it. */
@Entity('sandbox_supplier_balances')
@Check('sandbox_supplier_balances_balance_check', 'balance >= (0)::numeric')
export class SandboxSupplierBalanceEntity {
  @PrimaryColumn({
    type: 'varchar',
    length: 16,
    primaryKeyConstraintName: 'sandbox_supplier_balances_pkey',
  })
  provider!: string;

  @PrimaryColumn({
    type: 'varchar',
    length: 16,
    primaryKeyConstraintName: 'sandbox_supplier_balances_pkey',
  })
  region!: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  balance!: string;
}

export type SupplierFault =
  'http500' | 'http503' | 'html' | 'timeout_after_charge' | 'drop_after_charge';

/** The fault a test asked a simulated supplier to show, and for how many calls. */
@Entity('sandbox_supplier_controls')
@Check('sandbox_supplier_controls_delay_ms_check', 'delay_ms >= 0')
@Check(
  'sandbox_supplier_controls_fault_check',
  `((fault)::text = ANY ((ARRAY['http500'::character varying, 'http503'::character varying, 'html'::character varying, 'timeout_after_charge'::character varying, 'drop_after_charge'::character varying])::text[]))`,
)
@Check('sandbox_supplier_controls_remaining_check', 'remaining >= 0')
export class SandboxSupplierControlEntity {
  @PrimaryColumn({
    type: 'varchar',
    length: 16,
    primaryKeyConstraintName: 'sandbox_supplier_controls_pkey',
  })
  provider!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  endpoint!: string | null;

  @Column({ type: 'varchar', length: 24, nullable: true })
  fault!: SupplierFault | null;

  @Column({ type: 'integer', default: 0 })
  delayMs!: number;

  @Column({ type: 'integer', nullable: true })
  remaining!: number | null;

  @Column({ type: 'boolean', default: true })
  validateEnabled!: boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
