import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { bigintNumber } from '../../../database/columns.js';
import type { KeyMode } from '../reseller-api-key.entity.js';

export type BatchStatus = 'placing' | 'placed';
export type BatchRowState = 'pending' | 'placed' | 'refused';

/** A row the pre-check refused: never placed. */
export interface RejectedRow {
  row: number;
  reference: string;
  code: string;
  message: string;
}

/**
 * One uploaded CSV of orders (`POST /orders/bulk`), keyed by the reseller's batch reference or
 * the file's SHA-256: sending it again answers this batch, never a second one.
 */
@Entity('reseller_batches')
@Unique('reseller_batches_user_mode_key_key', ['userId', 'mode', 'batchKey'])
@Check(
  'reseller_batches_mode_check',
  `((mode)::text = ANY ((ARRAY['live'::character varying, 'test'::character varying])::text[]))`,
)
@Check(
  'reseller_batches_status_check',
  `((status)::text = ANY ((ARRAY['placing'::character varying, 'placed'::character varying])::text[]))`,
)
export class ResellerBatchEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'reseller_batches_pkey' })
  id!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'reseller_batches_user_id_fkey' })
  userId!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('reseller_api_keys', { name: 'reseller_batches_api_key_id_fkey' })
  apiKeyId!: string;

  @Column({ type: 'varchar', length: 4 })
  mode!: KeyMode;

  /** The reseller's `batch_reference`, or the SHA-256 of the file when they gave none. */
  @Column({ type: 'varchar', length: 64 })
  batchKey!: string;

  @Column({ type: 'varchar', length: 64 })
  bodyHash!: string;

  @Column({ type: 'integer' })
  rowCount!: number;

  @Column({ type: 'integer' })
  accepted!: number;

  /** Paise: the accepted rows' prices together. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  total!: number;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  rejected!: RejectedRow[];

  @Column({ type: 'varchar', length: 16 })
  status!: BatchStatus;

  /** The placing job's run: a job of an older run stops (`reseller-batch-<id>-<run>`). */
  @Column({ type: 'integer', default: 0 })
  run!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}

/**
 * An accepted row of a batch. Its reference is unique per reseller and mode across batches, so
 * two batches can never both hold it; the job places it through the API's own order path.
 */
@Entity('reseller_batch_rows')
@Unique('reseller_batch_rows_user_mode_reference_key', ['userId', 'mode', 'reference'])
@Index('reseller_batch_rows_batch_row', ['batchId', 'rowNumber'])
@Check(
  'reseller_batch_rows_state_check',
  `((state)::text = ANY ((ARRAY['pending'::character varying, 'placed'::character varying, 'refused'::character varying])::text[]))`,
)
export class ResellerBatchRowEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'reseller_batch_rows_pkey' })
  id!: string;

  @Column({ type: 'uuid' })
  @ForeignKey('reseller_batches', { name: 'reseller_batch_rows_batch_id_fkey' })
  batchId!: string;

  /** 1 is the first row after the header. */
  @Column({ type: 'integer' })
  rowNumber!: number;

  @Column({ type: 'uuid' })
  @ForeignKey('users', { name: 'reseller_batch_rows_user_id_fkey' })
  userId!: string;

  @Column({ type: 'varchar', length: 4 })
  mode!: KeyMode;

  @Column({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ type: 'varchar', length: 64 })
  itemId!: string;

  @Column({ type: 'varchar', length: 254 })
  input1!: string;

  @Column({ type: 'varchar', length: 64 })
  input2!: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  price!: number;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  state!: BatchRowState;

  @Column({ type: 'varchar', length: 16, nullable: true })
  orderid!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  code!: string | null;

  @Column({ type: 'text', nullable: true })
  message!: string | null;
}
