import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * `pending` until WhatsApp takes it (`accepted`), then what the status webhooks say; `skipped`
 * when the customer opted out before it went, `failed` when WhatsApp refused it for good.
 */
export type WhatsAppMessageStatus =
  'pending' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped';

/**
 * A template message to a customer, written in the transaction of the event it tells about and
 * sent by a job; `event_key` is unique, so an event makes one message however often it is
 * recorded or its job retried.
 */
@Entity('whatsapp_messages')
@Index('whatsapp_messages_pending', ['createdAt'], { where: `status = 'pending'` })
@Check(
  'whatsapp_messages_status_check',
  `((status)::text = ANY ((ARRAY['pending'::character varying, 'accepted'::character varying, 'sent'::character varying, 'delivered'::character varying, 'read'::character varying, 'failed'::character varying, 'skipped'::character varying])::text[]))`,
)
export class WhatsAppMessageEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'whatsapp_messages_pkey' })
  id!: string;

  /** `order-<orderid>-completed`, `order-<orderid>-refunded`, `order-<orderid>-delayed`. */
  @Index('whatsapp_messages_event_key', { unique: true })
  @Column({ type: 'varchar', length: 120 })
  eventKey!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  /** International form without `+`, as WhatsApp takes it (`919876543210`). */
  @Column({ type: 'varchar', length: 15 })
  recipient!: string;

  /** A key of WHATSAPP_TEMPLATES. */
  @Column({ type: 'varchar', length: 40 })
  template!: string;

  @Column({ type: 'varchar', length: 10, default: 'en' })
  language!: string;

  /** The body's values, in order. */
  @Column({ type: 'jsonb' })
  bodyValues!: string[];

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status!: WhatsAppMessageStatus;

  /** WhatsApp's message id, which its status webhooks name. */
  @Index('whatsapp_messages_wamid', { unique: true })
  @Column({ type: 'varchar', length: 200, nullable: true })
  wamid!: string | null;

  /** Sends tried, counting one in progress. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** Bumped each time the sweep enqueues the message again; part of its job id. */
  @Column({ type: 'integer', default: 0 })
  generation!: number;

  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;

  /** When WhatsApp last reported a status (its own timestamp). */
  @Column({ type: 'timestamptz', nullable: true })
  statusAt!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
