import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type MailStatus = 'pending' | 'sent' | 'failed';

/** An e-mail to send: written first, sent by a job, swept again while pending. */
@Entity('outgoing_mail')
@Index('outgoing_mail_pending', ['createdAt'], { where: `status = 'pending'::mail_status` })
export class OutgoingMailEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'outgoing_mail_pkey' })
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'text' })
  textBody!: string;

  @Column({ type: 'text', nullable: true })
  htmlBody!: string | null;

  @Column({
    type: 'enum',
    enumName: 'mail_status',
    enum: ['pending', 'sent', 'failed'],
    default: 'pending',
  })
  status!: MailStatus;

  /** Sends tried, counting one in progress. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** Bumped each time the sweep enqueues the mail again; part of its job id. */
  @Column({ type: 'integer', default: 0 })
  generation!: number;

  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
