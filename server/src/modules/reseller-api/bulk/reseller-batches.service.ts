import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { AppError } from '../../../common/errors/app-error.js';
import { JobName, JobStatus, QueueName } from '../../../jobs/job.enum.js';
import { JobQueueService } from '../../../jobs/job-queue.service.js';
import { ENQUEUE_GRACE_MS, type JobOf } from '../../../jobs/job.types.js';
import { OnJob } from '../../../jobs/on-job.decorator.js';
import { ResellerApiKeyEntity } from '../reseller-api-key.entity.js';
import { ResellerErrorCode } from '../reseller-errors.js';
import { ResellerKeysService, type ActiveKey } from '../reseller-keys.service.js';
import type { ResellerOrderView } from '../reseller-order-view.js';
import { inApiTerms, ResellerOrdersService } from '../reseller-orders.service.js';
import { ResellerSandboxService } from '../reseller-sandbox.service.js';
import { sha256Hex } from '../request-signature.js';
import { BatchErrorCode, BatchMessages, batchNotFound } from './batch-errors.js';
import { BatchPrecheck, insufficientForBatch, type Precheck } from './batch-precheck.js';
import {
  ResellerBatchEntity,
  ResellerBatchRowEntity,
  type RejectedRow,
} from './reseller-batch.entity.js';

/** Rows one run of the placing job takes; the next run is queued behind other work. */
export const BATCH_CHUNK = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const batchJobId = (batchId: string, run: number) => `reseller-batch-${batchId}-${run}`;

/** The answer of `POST /orders/bulk` (RESELLER-API.md). */
export interface BatchAnswer {
  batch_id: string;
  rows: number;
  accepted: number;
  rejected: RejectedRow[];
  total_paise: number;
  status: 'placing' | 'placed';
}

export interface BatchStatusAnswer {
  batch_id: string;
  rows: number;
  status: 'placing' | 'placed' | 'completed';
  counts: Record<string, number>;
  orders: ResellerOrderView[];
  rejected: RejectedRow[];
}

const answerOf = (batch: ResellerBatchEntity): BatchAnswer => ({
  batch_id: batch.id,
  rows: batch.rowCount,
  accepted: batch.accepted,
  rejected: batch.rejected,
  total_paise: batch.total,
  status: batch.status,
});

const isBatchClash = (error: unknown) =>
  error instanceof QueryFailedError &&
  (error.driverError as { constraint?: string }).constraint ===
    'reseller_batches_user_mode_key_key';

/**
 * Bulk orders: a CSV checked whole (`BatchPrecheck`) and recorded with its accepted rows in one
 * transaction, then placed in the background by `ResellerBatchPlace` jobs, a chunk a run, each
 * row through the API's own order path with its reference as the idempotency key (an ordinary
 * order, delivered behind other customers' orders). The batch reference (or the file's hash)
 * keys the batch: sending it again answers the same batch and places nothing twice.
 */
@Injectable()
export class ResellerBatchesService {
  private readonly logger = new Logger('ResellerBatches');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly precheck: BatchPrecheck,
    private readonly jobs: JobQueueService,
    private readonly liveOrders: ResellerOrdersService,
    private readonly sandbox: ResellerSandboxService,
    private readonly keys: ResellerKeysService,
    private readonly clock: Clock,
  ) {}

  private get batches() {
    return this.txHost.tx.getRepository(ResellerBatchEntity);
  }

  private get rows() {
    return this.txHost.tx.getRepository(ResellerBatchRowEntity);
  }

  /** The pre-check alone: what `submit` would accept and refuse, placing nothing. */
  check(key: ActiveKey, text: string): Promise<Precheck> {
    return this.precheck.check(key, text);
  }

  /** `created` is false when the batch reference (or the same file) already made this batch. */
  async submit(
    key: ActiveKey,
    text: string,
    batchReference?: string,
  ): Promise<{ created: boolean; answer: BatchAnswer }> {
    const bodyHash = sha256Hex(text);
    const where = { userId: key.reseller.id, mode: key.mode, batchKey: batchReference ?? bodyHash };
    const existing = await this.batches.findOneBy(where);
    if (existing) return { created: false, answer: this.replay(existing, bodyHash) };

    const check = await this.precheck.check(key, text);
    if (check.total > check.balance) throw insufficientForBatch(check.total, check.balance);
    let batch: ResellerBatchEntity;
    try {
      batch = await this.txHost.withTransaction(() => this.record(key, where, bodyHash, check));
    } catch (error) {
      if (!isBatchClash(error)) throw error;
      return {
        created: false,
        answer: this.replay(await this.batches.findOneByOrFail(where), bodyHash),
      };
    }
    if (batch.status === 'placing') {
      await this.jobs.queueSoon(
        JobName.ResellerBatchPlace,
        { batchId: batch.id, run: 0 },
        batchJobId(batch.id, 0),
      );
    }
    return { created: true, answer: answerOf(batch) };
  }

  /**
   * The batch and its accepted rows. A row whose reference another batch took since the check
   * (their rows' references are unique) is refused here instead.
   */
  private async record(
    key: ActiveKey,
    where: { userId: string; mode: ActiveKey['mode']; batchKey: string },
    bodyHash: string,
    check: Precheck,
  ) {
    const batch = await this.batches.save(
      this.batches.create({
        ...where,
        apiKeyId: key.id,
        bodyHash,
        rowCount: check.rows,
        accepted: check.accepted.length,
        total: check.total,
        rejected: check.rejected,
        status: check.accepted.length > 0 ? 'placing' : 'placed',
        finishedAt: check.accepted.length > 0 ? null : this.clock.now(),
      }),
    );
    if (check.accepted.length === 0) return batch;
    const inserted = await this.rows
      .createQueryBuilder()
      .insert()
      .values(
        check.accepted.map((row) => ({
          batchId: batch.id,
          rowNumber: row.row,
          userId: key.reseller.id,
          mode: key.mode,
          reference: row.reference,
          itemId: row.item_id,
          input1: row.input1,
          input2: row.input2,
          price: row.price_paise,
        })),
      )
      .orIgnore()
      .returning(['reference'])
      .execute();
    const taken = new Set((inserted.raw as { reference: string }[]).map((r) => r.reference));
    const lost = check.accepted.filter((row) => !taken.has(row.reference));
    if (lost.length === 0) return batch;
    batch.rejected = [
      ...batch.rejected,
      ...lost.map((row) => ({
        row: row.row,
        reference: row.reference,
        code: ResellerErrorCode.ReferenceReused,
        message: BatchMessages.referenceUsed,
      })),
    ].sort((a, b) => a.row - b.row);
    batch.accepted -= lost.length;
    batch.total -= lost.reduce((sum, row) => sum + row.price_paise, 0);
    if (batch.accepted === 0) {
      batch.status = 'placed';
      batch.finishedAt = this.clock.now();
    }
    return this.batches.save(batch);
  }

  private replay(batch: ResellerBatchEntity, bodyHash: string) {
    if (batch.bodyHash !== bodyHash) {
      throw new AppError(
        ResellerErrorCode.ReferenceReused,
        BatchMessages.batchReferenceReused,
        HttpStatus.CONFLICT,
      );
    }
    return answerOf(batch);
  }

  /** `GET /batches/{batch_id}`: every row's outcome so far, counted by status. */
  async status(key: ActiveKey, batchId: string): Promise<BatchStatusAnswer> {
    const batch = UUID.test(batchId)
      ? await this.batches.findOneBy({ id: batchId, userId: key.reseller.id, mode: key.mode })
      : null;
    if (!batch) throw batchNotFound();
    const rows = await this.rows.find({ where: { batchId }, order: { rowNumber: 'ASC' } });
    const placed = rows.filter((row) => row.state === 'placed').map((row) => row.reference);
    const views =
      key.mode === 'live'
        ? await this.liveOrders.viewsOf(key.reseller.id, placed)
        : await this.sandbox.viewsOf(key.reseller.id, placed);
    const counts: Record<string, number> = {};
    const count = (status: string) => (counts[status] = (counts[status] ?? 0) + 1);
    const orders: ResellerOrderView[] = [];
    const rejected = [...batch.rejected];
    for (const row of rows) {
      const view = views.get(row.reference);
      if (row.state === 'pending') count('Queued');
      else if (row.state === 'refused') {
        rejected.push({
          row: row.rowNumber,
          reference: row.reference,
          code: row.code ?? '',
          message: row.message ?? '',
        });
      } else if (view) {
        orders.push(view);
        count(view.status);
      }
    }
    for (let i = 0; i < rejected.length; i += 1) count('Rejected');
    rejected.sort((a, b) => a.row - b.row);
    const open = orders.some((order) => order.status === 'Processing');
    return {
      batch_id: batch.id,
      rows: batch.rowCount,
      status: batch.status === 'placing' ? 'placing' : open ? 'placed' : 'completed',
      counts,
      orders,
      rejected,
    };
  }

  /**
   * One run: takes the next `BATCH_CHUNK` pending rows, places each, and queues the next run
   * while rows remain. A run older than the batch's is superseded and stops; a row placed
   * twice (a retried run) is the same order, by its reference.
   */
  @OnJob({ name: JobName.ResellerBatchPlace, queue: QueueName.Batches })
  async handlePlace({ batchId, run }: JobOf<JobName.ResellerBatchPlace>): Promise<JobStatus> {
    const claimed = await this.batches
      .createQueryBuilder()
      .update()
      .set({ run, updatedAt: () => 'now()' })
      .where('id = :batchId AND run <= :run AND status = :placing', {
        batchId,
        run,
        placing: 'placing',
      })
      .execute();
    if (!claimed.affected) return JobStatus.Skipped;
    const batch = await this.batches.findOneByOrFail({ id: batchId });
    const key = await this.keyOf(batch);
    const pending = await this.rows.find({
      where: { batchId, state: 'pending' },
      order: { rowNumber: 'ASC' },
      take: BATCH_CHUNK,
    });
    for (const row of pending) await this.place(key, row);
    if ((await this.rows.countBy({ batchId, state: 'pending' })) > 0) {
      await this.jobs.queue(
        JobName.ResellerBatchPlace,
        { batchId, run: run + 1 },
        batchJobId(batchId, run + 1),
      );
      return JobStatus.Success;
    }
    await this.batches.update(
      { id: batchId, status: 'placing' },
      { status: 'placed', finishedAt: this.clock.now(), updatedAt: this.clock.now() },
    );
    this.logger.log(`batch ${batchId} placed`);
    return JobStatus.Success;
  }

  /**
   * Batches still placing whose current run has no live job (the enqueue after the commit was
   * lost, or a run spent its retries) go on under their next run.
   */
  @OnJob({ name: JobName.ResellerBatchSweep, queue: QueueName.Maintenance })
  async handleSweep(): Promise<JobStatus> {
    const stuck = await this.batches
      .createQueryBuilder('batch')
      .where('batch.status = :placing', { placing: 'placing' })
      .andWhere('batch.updatedAt < now() - make_interval(secs => :grace / 1000.0)', {
        grace: ENQUEUE_GRACE_MS,
      })
      .orderBy('batch.createdAt', 'ASC')
      .take(100)
      .getMany();
    for (const batch of stuck) {
      if (await this.jobs.isLive(QueueName.Batches, batchJobId(batch.id, batch.run))) continue;
      const next = batch.run + 1;
      const moved = await this.batches.update(
        { id: batch.id, run: batch.run, status: 'placing' },
        { run: next, updatedAt: this.clock.now() },
      );
      if (!moved.affected) continue;
      this.logger.warn(`batch ${batch.id} had no job: placing it on under run ${next}`);
      await this.jobs.queueSoon(
        JobName.ResellerBatchPlace,
        { batchId: batch.id, run: next },
        batchJobId(batch.id, next),
      );
    }
    return JobStatus.Success;
  }

  /** The key of the batch if it may still order: revoked, blocked or demoted stops the rest. */
  private async keyOf(batch: ResellerBatchEntity) {
    const row = await this.txHost.tx
      .getRepository(ResellerApiKeyEntity)
      .findOneBy({ id: batch.apiKeyId });
    return row ? this.keys.active(row.keyId) : undefined;
  }

  private async place(key: ActiveKey | undefined, row: ResellerBatchRowEntity) {
    if (!key) {
      return this.settle(row, {
        code: BatchErrorCode.KeyStopped,
        message: BatchMessages.keyStopped,
      });
    }
    const request = {
      reference: row.reference,
      item_id: row.itemId,
      input1: row.input1,
      input2: row.input2,
    };
    try {
      const { order } =
        key.mode === 'live'
          ? await this.liveOrders.place(key, request, { background: true })
          : await this.sandbox.place(key, request);
      await this.settle(row, { orderid: order.orderid });
    } catch (caught) {
      const error = inApiTerms(caught);
      if (!(error instanceof AppError) || Number(error.status) >= 500) throw error;
      await this.settle(row, { code: error.code, message: error.message });
    }
  }

  private async settle(
    row: ResellerBatchRowEntity,
    outcome: { orderid: string } | { code: string; message: string },
  ) {
    await this.rows.update(
      { id: row.id, state: 'pending' },
      'orderid' in outcome
        ? { state: 'placed', orderid: outcome.orderid }
        : { state: 'refused', code: outcome.code, message: outcome.message },
    );
  }
}
