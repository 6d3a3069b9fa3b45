import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A sign-up waiting for its SMS code, one per mobile number. */
@Entity('pending_registrations')
export class PendingRegistrationEntity {
  @PrimaryColumn({
    type: 'varchar',
    length: 10,
    primaryKeyConstraintName: 'pending_registrations_pkey',
  })
  mobilenumber!: string;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'text' })
  passwordHash!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
