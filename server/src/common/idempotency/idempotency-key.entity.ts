import { Check, Column, Entity, ForeignKey, Generated, Index, PrimaryColumn } from 'typeorm';

/** A client's `Idempotency-Key` for a money-moving request: claimed, then its answer kept. */
@Entity('idempotency_keys')
@Check(
  'idempotency_keys_status_check',
  `((status)::text = ANY (ARRAY[('running'::character varying)::text, ('committed'::character varying)::text, ('done'::character varying)::text]))`,
)
@Index('idempotency_keys_created', ['createdAt'])
export class IdempotencyKeyEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'idempotency_keys_pkey' })
  @ForeignKey('users', { name: 'idempotency_keys_user_id_fkey', onDelete: 'CASCADE' })
  userId!: string;

  @PrimaryColumn({
    type: 'varchar',
    length: 255,
    primaryKeyConstraintName: 'idempotency_keys_pkey',
  })
  key!: string;

  /** sha256 (hex) of the request it was first used with. */
  @Column({ type: 'char', length: 64 })
  fingerprint!: string;

  @Column({ type: 'varchar', length: 9, default: 'running' })
  status!: 'running' | 'committed' | 'done';

  @Column({ type: 'integer', nullable: true })
  responseStatus!: number | null;

  @Column({ type: 'text', nullable: true })
  responseBody!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** Who holds the claim: a retry after the claim went stale takes it with a new token. */
  @Column({ type: 'uuid' })
  @Generated('uuid')
  token!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  claimedAt!: Date;
}
