import { Check, Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { bigintNumber, bigintNumbers } from '../../database/columns.js';

/** A game or service on the storefront; `items` orders its packs by their numeric ids. */
@Entity('products')
@Unique('products_productid_key', ['productid'])
@Check(
  'products_category_check',
  `((category)::text = ANY ((ARRAY['games'::character varying, 'instant-games'::character varying, 'ott'::character varying, 'others'::character varying])::text[]))`,
)
@Check('products_promise_minutes_check', 'promise_minutes BETWEEN 1 AND 1440')
export class ProductEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'products_pkey' })
  id!: string;

  @Column({
    type: 'bigint',
    generated: 'identity',
    generatedIdentity: 'ALWAYS',
    transformer: bigintNumber,
  })
  productid!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 32 })
  type!: string;

  @Column({ type: 'varchar', length: 32 })
  category!: string;

  @Column({ type: 'varchar', length: 500 })
  imgpath!: string;

  @Column({ type: 'text', default: '' })
  importantnote!: string;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  inputs!: Array<{ label: string }>;

  /** The `itemid`s of its packs, in display order. */
  @Column({ type: 'bigint', array: true, default: () => `'{}'`, transformer: bigintNumbers })
  items!: number[];

  @Column({ type: 'boolean', default: false })
  istrending!: boolean;

  @Column({ type: 'boolean', default: true })
  instock!: boolean;

  @Column({ type: 'boolean', default: false })
  isApi!: boolean;

  @Column({ type: 'varchar', length: 32, nullable: true })
  apiType!: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  deliveryTime!: string | null;

  /** A supplier product's delivery promise in minutes (none: the store's default). */
  @Column({ type: 'integer', nullable: true })
  promiseMinutes!: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  guideImage!: string | null;

  @Column({ type: 'integer', default: 0 })
  sortOrder!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** A product of the catalogue (a deleted one is never read). */
export type Product = Omit<ProductEntity, 'deletedAt'>;
