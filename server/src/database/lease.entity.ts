import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A named lease one process holds until `expiresAt` (a singleton sweep, a leader). */
@Entity('leases')
export class LeaseEntity {
  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'leases_pkey' })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  holder!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;
}
