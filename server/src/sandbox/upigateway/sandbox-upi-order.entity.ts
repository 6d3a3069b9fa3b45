import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** A payment the UPIGateway simulator opened; numbered from 700001. */
@Entity('sandbox_upi_orders')
@Unique('sandbox_upi_orders_client_txn_id_key', ['clientTxnId'])
export class SandboxUpiOrderEntity {
  /** bigint, read as text like the gateway's own ids. */
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'sandbox_upi_orders_pkey',
  })
  orderId!: string;

  @Column({ type: 'varchar', length: 64 })
  clientTxnId!: string;

  @Column({ type: 'varchar', length: 16 })
  amount!: string;

  @Column({ type: 'varchar', length: 200 })
  pInfo!: string;

  @Column({ type: 'varchar', length: 120 })
  customerName!: string;

  @Column({ type: 'varchar', length: 254 })
  customerEmail!: string;

  @Column({ type: 'varchar', length: 10 })
  customerMobile!: string;

  @Column({ type: 'varchar', length: 500 })
  redirectUrl!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  udf1!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  udf2!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  udf3!: string;

  @Column({ type: 'varchar', length: 10, default: 'created' })
  status!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  upiTxnId!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  customerVpa!: string | null;

  @Column({ type: 'varchar', length: 200, default: '' })
  remark!: string;

  @Column({ type: 'varchar', length: 10 })
  txnDate!: string;

  @Column({ type: 'timestamptz', nullable: true })
  txnAt!: Date | null;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;
}
