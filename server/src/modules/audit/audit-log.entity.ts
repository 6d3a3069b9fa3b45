import { Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a change looked like before or after, as JSON. */
export type AuditValue = object | string | number | boolean | null;

/** Who changed what, when, from what to what. */
@Entity('audit_log')
// Descending: the migrations own it.
@Index('audit_log_entity', { synchronize: false })
export class AuditLogEntity {
  /** A bigint, kept as text: the console shows it as it is. */
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'audit_log_pkey',
  })
  id!: string;

  @Column({ type: 'uuid', nullable: true })
  @ForeignKey('users', { name: 'audit_log_actor_id_fkey', onDelete: 'SET NULL' })
  actorId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ type: 'varchar', length: 32 })
  entity!: string;

  @Column({ type: 'varchar', length: 64 })
  entityId!: string;

  @Column({ type: 'jsonb', nullable: true })
  before!: AuditValue;

  @Column({ type: 'jsonb', nullable: true })
  after!: AuditValue;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
