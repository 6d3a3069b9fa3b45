import { Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';

export type EmailTokenPurpose = 'verify' | 'reset';

/** A single-use link sent by e-mail; only the SHA-256 of its token is kept. */
@Entity('email_tokens')
@Index('email_tokens_user', ['userId', 'purpose'])
export class EmailTokenEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'email_tokens_pkey' })
  id!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'email_tokens_user_id_fkey', onDelete: 'CASCADE' })
  userId!: string;

  @Column({ type: 'enum', enumName: 'email_token_purpose', enum: ['verify', 'reset'] })
  purpose!: EmailTokenPurpose;

  /** SHA-256 of the token, hex. */
  @Column({ type: 'text' })
  tokenHash!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
