import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One run of a scheduled sweep on one instance: health reads when each sweep last finished. */
@Entity('scheduled_runs')
// Descending: TypeORM cannot describe it, the migration owns it.
@Index('scheduled_runs_name', { synchronize: false })
export class ScheduledRunEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'scheduled_runs_pkey',
  })
  /** bigint, read as text. */
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  jobName!: string;

  @Column({ type: 'varchar', length: 128 })
  instance!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  status!: string | null;

  @Column({ type: 'timestamptz' })
  startedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
