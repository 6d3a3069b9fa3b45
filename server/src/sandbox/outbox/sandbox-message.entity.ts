import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An SMS, e-mail, WhatsApp message or reseller callback the simulators delivered or received, shown by the sandbox outbox. */
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
  channel!: 'sms' | 'email' | 'whatsapp' | 'callback';

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  subject!: string | null;

  @Column({ type: 'text' })
  textBody!: string;

  /** The language code a WhatsApp template was sent in; null for other channels. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  language!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
