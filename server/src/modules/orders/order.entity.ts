import { ORDER_STATUSES, type OrderStatus } from '@zstore/contract/statuses';
import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { UserNumber, UserUuid } from '../../common/ids.js';
import { bigintNumber } from '../../database/columns.js';
import type { DeliveryStatus } from './delivery-state.js';

/**
 * An order: a pack for a player, paid by UPI or Z-Coins; amounts in paise. The user, product,
 * item and coupon are other modules' rows, referenced by id and copied where the order must
 * keep what was bought (names, price) whatever happens to them later.
 */
@Entity('orders')
@Unique('orders_orderid_key', ['orderid'])
@Unique('orders_payment_id_key', ['paymentId'])
@Check('orders_compensation_check', 'compensation >= 0')
@Check('orders_discount_check', 'discount >= 0')
@Check(
  'orders_delivery_status_check',
  `((delivery_status)::text = ANY ((ARRAY['pending'::character varying, 'in_progress'::character varying, 'delivered'::character varying, 'needs_attention'::character varying, 'refunded'::character varying])::text[]))`,
)
@Check(
  'orders_paymentmode_check',
  `((paymentmode)::text = ANY ((ARRAY['upi'::character varying, 'wallet'::character varying])::text[]))`,
)
@Check('orders_price_check', 'price >= 0')
@Check('orders_value_check', 'value >= 0')
@Index('orders_customer_status', ['userId', 'status'])
@Index('orders_sort_paymentmode', ['paymentMode', 'id'])
@Index('orders_sort_productname', ['productName', 'id'])
@Index('orders_sort_status', ['status', 'id'])
@Index('orders_sort_useremail', ['userEmail', 'id'])
@Index('orders_sort_userid', ['userid', 'id'])
@Index('orders_sort_value', ['value', 'id'])
// Partial, descending, covering, expression and trigram indexes TypeORM cannot describe: the migrations own them.
@Index('orders_created', { synchronize: false })
@Index('orders_customer_newest', { synchronize: false })
@Index('orders_delivery_open', { synchronize: false })
@Index('orders_guest', { synchronize: false })
@Index('orders_newest', { synchronize: false })
@Index('orders_open_delivery_status', { synchronize: false })
@Index('orders_promise_open', { synchronize: false })
@Index('orders_promise_untold', { synchronize: false })
@Index('orders_search_orderid', { synchronize: false })
@Index('orders_search_orderid_prefix', { synchronize: false })
@Index('orders_search_transactionid', { synchronize: false })
@Index('orders_search_transactionid_prefix', { synchronize: false })
@Index('orders_search_useremail', { synchronize: false })
@Index('orders_search_useremail_prefix', { synchronize: false })
@Index('orders_status', { synchronize: false })
@Index('orders_updated_range', { synchronize: false })
@Index('orders_user', { synchronize: false })
export class OrderEntity {
  /** The row's uuid (`_id` in the API). */
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'orders_pkey' })
  id!: string;

  /** The business id (`ZS...`). */
  @Column({ type: 'varchar', length: 16 })
  orderid!: string;

  /** The buyer's uuid. */
  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'orders_user_id_fkey' })
  userId!: UserUuid;

  /** The customer's numeric id, copied for the spec's `{userid}` routes. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  userid!: UserNumber;

  @Column({ type: 'varchar', length: 254, name: 'useremail' })
  userEmail!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('products', { name: 'orders_product_id_fkey' })
  productId!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('items', { name: 'orders_item_id_fkey' })
  itemId!: string;

  @Column({ type: 'varchar', length: 120, name: 'productname' })
  productName!: string;

  @Column({ type: 'varchar', length: 120, name: 'itemname' })
  itemName!: string;

  @Column({ type: 'varchar', length: 254 })
  input1!: string;

  @Column({ type: 'varchar', length: 64 })
  input2!: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  price!: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  discount!: number;

  /** What was paid: `price` less `discount`. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  value!: number;

  @Column({ type: 'uuid', nullable: true })
  @ForeignKey('coupons', { name: 'orders_coupon_id_fkey', onDelete: 'SET NULL' })
  couponId!: string | null;

  /** The coupon use is still taken by this order. */
  @Column({ type: 'boolean', default: false })
  couponHeld!: boolean;

  @Column({ type: 'varchar', length: 8, name: 'paymentmode' })
  paymentMode!: 'upi' | 'wallet';

  @Column({ type: 'enum', enumName: 'order_status', enum: ORDER_STATUSES })
  status!: OrderStatus;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  deliveryStatus!: DeliveryStatus;

  @Column({ type: 'text', nullable: true })
  attention!: string | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'boolean', default: false })
  isApi!: boolean;

  @Column({ type: 'varchar', length: 32, nullable: true })
  apiType!: string | null;

  /** The supplier's product of each pack, in the order they are bought. */
  @Column({ type: 'text', array: true, default: () => `'{}'`, name: 'itemidarray' })
  itemIdArray!: string[];

  @Column({ type: 'varchar', length: 64, nullable: true, name: 'transactionid' })
  transactionId!: string | null;

  /** The India-time date of the order (DD-MM-YYYY), as the spec shows it and the gateway is asked. */
  @Column({ type: 'varchar', length: 10 })
  txnDate!: string;

  @Column({ type: 'integer', default: 0 })
  deliveryGeneration!: number;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  playerName!: string | null;

  @Column({ type: 'text', nullable: true })
  customerReason!: string | null;

  /** The UPI payment (`payments`, owned by the payments module); null for an order paid at once. */
  @Column({ type: 'uuid', nullable: true })
  @ForeignKey('payments', { name: 'orders_payment_id_fkey' })
  paymentId!: string | null;

  /** The delivery promise the buyer was shown, in minutes from the payment (none: no promise). */
  @Column({ type: 'integer', nullable: true })
  promiseMinutes!: number | null;

  /** When the promise is missed: set at payment. */
  @Column({ type: 'timestamptz', nullable: true })
  promiseDueAt!: Date | null;

  /** The Z-Coins paid for the missed promise (paise), once. */
  @Column({ type: 'bigint', nullable: true, transformer: bigintNumber })
  compensation!: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  compensatedAt!: Date | null;

  /** When the admin was told that the order missed its promise. */
  @Column({ type: 'timestamptz', nullable: true })
  promiseToldAt!: Date | null;

  /** The buyer's GST state code when the order was placed (the invoice's place of supply). */
  @Column({ type: 'varchar', length: 2, nullable: true })
  buyerState!: string | null;

  /** Placed by a guest (without an account); stays true after it joins an account. */
  @Column({ type: 'boolean', default: false })
  guest!: boolean;
}
