import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A purchase the Smile.one simulator made; numbered from 5000001. */
@Entity('sandbox_smileone_orders')
@Index('sandbox_smileone_orders_user', ['userid', 'id'])
export class SandboxSmileoneOrderEntity {
  /** bigint, read as text like Smile.one's own order ids. */
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'sandbox_smileone_orders_pkey',
  })
  id!: string;

  @Column({ type: 'varchar', length: 8 })
  region!: string;

  @Column({ type: 'varchar', length: 32 })
  userid!: string;

  @Column({ type: 'varchar', length: 16 })
  zoneid!: string;

  @Column({ type: 'varchar', length: 40 })
  product!: string;

  @Column({ type: 'varchar', length: 16 })
  productid!: string;

  /** Decimal text, as the supplier answers it. */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  price!: string;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;
}
