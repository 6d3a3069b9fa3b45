import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type OtpPurpose = 'register' | 'login';

/** A code texted to a mobile number, stored as an HMAC; a new one consumes the previous. */
@Entity('otp_codes')
// Descending: the migrations own it.
@Index('otp_codes_lookup', { synchronize: false })
export class OtpCodeEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'otp_codes_pkey' })
  id!: string;

  @Column({ type: 'enum', enumName: 'otp_purpose', enum: ['register', 'login'] })
  purpose!: OtpPurpose;

  @Column({ type: 'varchar', length: 10 })
  mobilenumber!: string;

  /** HMAC of purpose, number and code, hex. */
  @Column({ type: 'text' })
  codeHash!: string;

  /** Wrong tries from the address that asked for the code. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  /** Set from the store's clock, which decides the resend cooldown. */
  @Column({ type: 'timestamptz' })
  createdAt!: Date;

  /** The address that asked for the code. */
  @Column({ type: 'text', nullable: true })
  requestedFrom!: string | null;

  /** Wrong tries from every other address. */
  @Column({ type: 'integer', default: 0 })
  strangerAttempts!: number;
}
