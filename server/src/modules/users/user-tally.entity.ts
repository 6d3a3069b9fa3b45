import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../../database/columns.js';

/** How many users are guests and how many accounts, folded from the changes below. */
@Entity('user_tallies')
export class UserTallyEntity {
  @PrimaryColumn({ type: 'boolean', primaryKeyConstraintName: 'user_tallies_pkey' })
  guest!: boolean;

  @Column({ type: 'bigint', transformer: bigintNumber })
  users!: number;
}

/** A +1/-1 a trigger appends for each insert, delete or guest flag change of a user. */
@Entity('user_tally_changes')
export class UserTallyChangeEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'user_tally_changes_pkey',
  })
  /** bigint, read as text. */
  id!: string;

  @Column({ type: 'boolean' })
  guest!: boolean;

  @Column({ type: 'integer' })
  users!: number;
}
