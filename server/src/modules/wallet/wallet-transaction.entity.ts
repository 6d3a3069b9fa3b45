import { WALLET_TXN_STATUSES, type WalletTxnStatus } from '@zstore/contract/statuses';
import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { UserNumber, UserUuid } from '../../common/ids.js';
import { bigintNumber } from '../../database/columns.js';

export type WalletTxnType = 'Credit' | 'Debit' | 'Refunded';
export type WalletTxnPurpose =
  'topup' | 'order' | 'refund' | 'admin' | 'redeem' | 'late_payment' | 'compensation';

/** A line of a customer's Z-Coins history. `amount` in paise, always positive. */
@Entity('wallet_transactions')
@Unique('wallet_transactions_txnid_key', ['txnid'])
@Unique('wallet_transactions_payment_id_key', ['paymentId'])
@Check('wallet_transactions_amount_check', 'amount > 0')
@Check(
  'wallet_transactions_purpose_check',
  `((purpose)::text = ANY ((ARRAY['topup'::character varying, 'order'::character varying, 'refund'::character varying, 'admin'::character varying, 'redeem'::character varying, 'late_payment'::character varying, 'compensation'::character varying])::text[]))`,
)
@Index('wallet_transactions_sort_amount', ['amount', 'id'])
@Index('wallet_transactions_sort_orderid', ['orderid', 'id'])
@Index('wallet_transactions_sort_status', ['status', 'id'])
@Index('wallet_transactions_sort_type', ['type', 'id'])
@Index('wallet_transactions_sort_useremail', ['userEmail', 'id'])
@Index('wallet_transactions_sort_userid', ['userid', 'id'])
// Partial, descending, covering and trigram indexes TypeORM cannot describe: the migrations own them.
@Index('wallet_transactions_customer_newest', { synchronize: false })
@Index('wallet_transactions_newest', { synchronize: false })
@Index('wallet_transactions_open', { synchronize: false })
@Index('wallet_transactions_order_purpose', { synchronize: false })
@Index('wallet_transactions_search_orderid', { synchronize: false })
@Index('wallet_transactions_search_txnid', { synchronize: false })
@Index('wallet_transactions_search_txnid_prefix', { synchronize: false })
@Index('wallet_transactions_search_useremail', { synchronize: false })
@Index('wallet_transactions_search_useremail_prefix', { synchronize: false })
@Index('wallet_transactions_status_newest', { synchronize: false })
@Index('wallet_transactions_type_newest', { synchronize: false })
@Index('wallet_transactions_updated_range', { synchronize: false })
@Index('wallet_transactions_user', { synchronize: false })
export class WalletTransactionEntity {
  /** The row's uuid (`_id` in the API). */
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'wallet_transactions_pkey' })
  id!: string;

  /** The business id (`ZT...`). */
  @Column({ type: 'varchar', length: 16 })
  txnid!: string;

  /** The holder's uuid. */
  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'wallet_transactions_user_id_fkey' })
  userId!: UserUuid;

  /** The holder's numeric id, copied for the spec's `{userid}` routes. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  userid!: UserNumber;

  @Column({ name: 'useremail', type: 'varchar', length: 254 })
  userEmail!: string;

  @Column({ type: 'enum', enumName: 'wallet_txn_type', enum: ['Credit', 'Debit', 'Refunded'] })
  type!: WalletTxnType;

  @Column({ type: 'enum', enumName: 'wallet_txn_status', enum: WALLET_TXN_STATUSES })
  status!: WalletTxnStatus;

  @Column({ type: 'varchar', length: 16 })
  purpose!: WalletTxnPurpose;

  @Column({ type: 'bigint', transformer: bigintNumber })
  amount!: number;

  @Column({ type: 'varchar', length: 16, nullable: true })
  orderid!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  upiTxnId!: string | null;

  @Column({ type: 'text', nullable: true })
  attention!: string | null;

  /** The IST date (DD-MM-YYYY) the gateway is asked about. */
  @Column({ type: 'varchar', length: 10 })
  txnDate!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  /** A top-up's UPI payment (`payments`, owned by the payments module). */
  @Column({ type: 'uuid', nullable: true })
  @ForeignKey('payments', { name: 'wallet_transactions_payment_id_fkey' })
  paymentId!: string | null;
}

/** A line of a customer's Z-Coins history, as the repositories hand it out. */
export type WalletTxn = WalletTransactionEntity;
