import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One condition that needs the admin, open until resolved; `episodes` counts its reopenings. */
@Entity('admin_alerts')
@Index('admin_alerts_open', ['openedAt'], { where: 'resolved_at IS NULL' })
export class AdminAlertEntity {
  /** The condition and its subject, e.g. supplier-balance:smileone */
  @PrimaryColumn({ type: 'varchar', length: 120, primaryKeyConstraintName: 'admin_alerts_pkey' })
  key!: string;

  @Column({ type: 'varchar', length: 40 })
  kind!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  openedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  @Column({ type: 'integer', default: 1 })
  episodes!: number;
}
