import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

export type CallbackState = 'pending' | 'delivered' | 'given_up';

/**
 * One event of an API order for the reseller's callback URL (RESELLER-API.md section 4). The body
 * is kept as sent, so a retry or a re-send carries the same bytes and the same `id`.
 */
@Entity('reseller_callback_events')
@Unique('reseller_callback_events_event_id_key', ['eventId'])
@Unique('reseller_callback_events_order_sequence_key', ['orderid', 'sequence'])
@Check(
  'reseller_callback_events_state_check',
  `((state)::text = ANY ((ARRAY['pending'::character varying, 'delivered'::character varying, 'given_up'::character varying])::text[]))`,
)
@Index('reseller_callback_events_due', ['state', 'nextAttemptAt'])
@Index('reseller_callback_events_user', ['userId', 'createdAt'])
export class ResellerCallbackEventEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'reseller_callback_events_pkey' })
  id!: string;

  /** `evt_...`, the body's `id` and the `X-Event-Id` header. */
  @Column({ type: 'varchar', length: 40 })
  eventId!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'reseller_callback_events_user_id_fkey' })
  userId!: string;

  /** The key that placed the order: its secret signs the event. */
  @Column({ type: 'uuid' })
  @ForeignKey('reseller_api_keys', { name: 'reseller_callback_events_api_key_id_fkey' })
  apiKeyId!: string;

  /** A live order's or a test order's id. */
  @Column({ type: 'varchar', length: 16 })
  orderid!: string;

  @Column({ type: 'varchar', length: 64 })
  reference!: string;

  /** The event's place among its order's events: they are sent in this order. */
  @Column({ type: 'integer' })
  sequence!: number;

  @Column({ type: 'varchar', length: 32 })
  type!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text' })
  payload!: string;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  state!: CallbackState;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Column({ type: 'timestamptz' })
  giveUpAt!: Date;

  /** Set while a worker is sending it, so two workers never send it at once. */
  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;
}

/** One try at sending an event: what the receiver answered and how long it took. */
@Entity('reseller_callback_attempts')
@Index('reseller_callback_attempts_event', ['eventId', 'attemptedAt'])
export class ResellerCallbackAttemptEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'reseller_callback_attempts_pkey' })
  id!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('reseller_callback_events', {
    name: 'reseller_callback_attempts_event_id_fkey',
    onDelete: 'CASCADE',
  })
  eventId!: string;

  @Column({ type: 'timestamptz' })
  attemptedAt!: Date;

  /** The receiver's HTTP status; null when there was no answer (refused address, timeout). */
  @Column({ type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'integer' })
  latencyMs!: number;

  /** The first 500 bytes of the answer. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  answer!: string | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** When the next try is due after this one; null when delivered or given up. */
  @Column({ type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;
}
