import { Check, Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';

/** A pack of a product, priced in paise for customers (`discountedprice`) and resellers. */
@Entity('items')
@Unique('items_itemid_key', ['itemid'])
@Check('items_discountedprice_check', 'discountedprice >= 0')
@Check('items_originalprice_check', 'originalprice >= 0')
@Check('items_resellprice_check', 'resellprice >= 0')
// A trigram index (the ItemNameSearch migration), which entity metadata cannot describe.
@Index('items_search_name', { synchronize: false })
export class ItemEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'items_pkey' })
  id!: string;

  @Column({
    type: 'bigint',
    generated: 'identity',
    generatedIdentity: 'ALWAYS',
    transformer: bigintNumber,
  })
  itemid!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  type!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  suggestedTask!: string | null;

  @Column({ type: 'bigint', transformer: bigintNumber })
  originalprice!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  discountedprice!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  resellprice!: number;

  @Column({ type: 'boolean', default: false })
  isApi!: boolean;

  @Column({ type: 'varchar', length: 32, nullable: true })
  apiType!: string | null;

  /** The supplier's product ids bought for one pack. */
  @Column({ type: 'text', array: true, default: () => `'{}'` })
  itemidarray!: string[];

  @Column({ type: 'varchar', length: 500, default: '' })
  imgpath!: string;

  @Column({ type: 'boolean', default: true })
  instock!: boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** A pack of a product; prices in paise (a deleted one is never read). */
export type Item = Omit<ItemEntity, 'deletedAt'>;
