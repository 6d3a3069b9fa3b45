import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';

/** The player a user last ordered a product for. */
@Entity('saved_players')
export class SavedPlayerEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'saved_players_pkey' })
  @ForeignKey('users', { name: 'saved_players_user_id_fkey', onDelete: 'CASCADE' })
  userId!: string;

  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'saved_players_pkey' })
  @ForeignKey('products', { name: 'saved_players_product_id_fkey', onDelete: 'CASCADE' })
  productId!: string;

  @Column({ type: 'varchar', length: 254 })
  input1!: string;

  @Column({ type: 'varchar', length: 64 })
  input2!: string;

  /** When an order last used this player. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
