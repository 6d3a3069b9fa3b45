import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An SMS, e-mail or reseller callback the simulators received, shown by the sandbox outbox. */
@Entity('sandbox_messages')
// Descending: TypeORM cannot describe it, the migration owns it.
@Index('sandbox_messages_recipient', { synchronize: false })
export class SandboxMessageEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'sandbox_messages_pkey',
  })
  /** bigint, read as text. */
  id!: string;

  @Column({ type: 'varchar', length: 10 })
  channel!: 'sms' | 'email' | 'callback';

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  subject!: string | null;

  @Column({ type: 'text' })
  textBody!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
