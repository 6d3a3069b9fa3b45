import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';
import type { Tally } from '../../database/tallies.js';

/** The packs by supplier and outcome, read as the changes below fold into the sums. */
export const PACK_TALLY: Tally = {
  table: 'pack_tallies',
  changes: 'pack_tally_changes',
  keys: ['supplier', 'status', 'failure'],
  sums: ['packs'],
};

/** How many supplier packs stand in each status (and failure, `''` for none), folded. */
@Entity('pack_tallies')
export class PackTallyEntity {
  @PrimaryColumn({ type: 'varchar', length: 16, primaryKeyConstraintName: 'pack_tallies_pkey' })
  supplier!: string;

  @PrimaryColumn({ type: 'varchar', length: 12, primaryKeyConstraintName: 'pack_tallies_pkey' })
  status!: string;

  @PrimaryColumn({ type: 'varchar', length: 8, primaryKeyConstraintName: 'pack_tallies_pkey' })
  failure!: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  packs!: number;
}

/** A +1/-1 a trigger appends for each pack bought, moved to another outcome, or removed. */
@Entity('pack_tally_changes')
export class PackTallyChangeEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'pack_tally_changes_pkey',
  })
  /** bigint, read as text. */
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  supplier!: string;

  @Column({ type: 'varchar', length: 12 })
  status!: string;

  @Column({ type: 'varchar', length: 8 })
  failure!: string;

  @Column({ type: 'integer' })
  packs!: number;
}
