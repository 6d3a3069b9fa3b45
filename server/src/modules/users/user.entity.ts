import { Check, Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';
import { Role } from '../../common/auth/role.js';
import type { Language } from '../../common/i18n/language.js';

/** A customer, reseller or admin; `balance` and `points` are the ledger's cached sums. */
@Entity('users')
@Unique('users_userid_key', ['userid'])
@Unique('users_google_sub_key', ['googleSub'])
@Check('users_balance_not_negative', 'balance >= 0')
@Check('users_points_not_negative', 'points >= 0')
@Check(
  'users_language_check',
  `((language)::text = ANY ((ARRAY['en'::character varying, 'hi'::character varying])::text[]))`,
)
@Index('users_email_key', { synchronize: false })
@Index('users_mobile_key', ['mobilenumber'], {
  unique: true,
  where: 'mobilenumber IS NOT NULL AND NOT guest',
})
@Index('users_guest_contact', { synchronize: false })
@Index('users_search_email', { synchronize: false })
@Index('users_search_email_local', { synchronize: false })
@Index('users_search_mobilenumber', { synchronize: false })
@Index('users_search_name', { synchronize: false })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'users_pkey' })
  id!: string;

  /** The numeric id of the spec's routes (`{userid}`). */
  @Column({
    type: 'bigint',
    generated: 'identity',
    generatedIdentity: 'ALWAYS',
    transformer: bigintNumber,
  })
  userid!: number;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 10, nullable: true })
  mobilenumber!: string | null;

  /** Left out of every read but the sign-in's (`addSelect`), so a user passed along never carries it. */
  @Column({ type: 'text', nullable: true, select: false })
  passwordHash!: string | null;

  @Column({ type: 'enum', enumName: 'user_role', enum: Role, default: Role.User })
  role!: Role;

  @Column({ type: 'boolean', default: false })
  verified!: boolean;

  @Column({ type: 'boolean', default: false })
  isBlocked!: boolean;

  /**
   * A guest buyer: no password, never signed in; its e-mail and mobile are what the buyer typed
   * at checkout and take nothing from an account (the unique indexes leave guests out).
   */
  @Column({ type: 'boolean', default: false })
  guest!: boolean;

  @Column({ type: 'integer', default: 0 })
  tokenVersion!: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  googleSub!: string | null;

  /** Z-Coins in paise. */
  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  balance!: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  points!: number;

  /** The language of the customer's e-mails and WhatsApp messages. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  @Column({ type: 'timestamptz', nullable: true })
  verificationSentAt!: Date | null;

  /** The GST state code of where the user lives, asked once for tax invoices. */
  @Column({ type: 'varchar', length: 2, nullable: true })
  stateCode!: string | null;

  /** A reseller's GSTIN, printed on their invoices. */
  @Column({ type: 'varchar', length: 15, nullable: true })
  gstin!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
