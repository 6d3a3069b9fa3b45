import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '../../common/messages.js';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import {
  isMooGoldApiType,
  MooGoldAdapter,
  moogoldAccountFields,
  type MooGoldApiType,
} from '../../providers/moogold/moogold.adapter.js';
import { SmileOneAdapter, type SmileRegion } from '../../providers/smileone/smileone.adapter.js';
import { SupplierRefusal } from '../../providers/supplier-http.js';
import { OrderDeliveries } from '../orders/order-deliveries.service.js';
import { fulfilJobId, OrdersService } from '../orders/orders.service.js';
import { playerRefusalWords, type PlayerRefusal } from '../orders/customer-reasons.js';
import type { OrderRow } from '../orders/orders.repository.js';
import { mapOrderPack } from './dto/delivery.dto.js';
import {
  classifySupplierFailure,
  MOOGOLD_PLAYER_STATES,
  playerRefusalOf,
} from './supplier-refusals.js';
import { SupplierBalanceGuard } from './supplier-balance-guard.js';
import { SupplierPurchasesRepository, type PurchaseRow } from './supplier-purchases.repository.js';

/** Sends of one pack that could not reach the supplier before the order waits for the admin. */
export const MAX_SEND_TRIES = 5;
/** How often and how many times one run asks MooGold about an order still `processing`. */
const POLL_MS = 1_000;
const POLL_TIMES = 10;
/** Writes of a supplier's answer before the run gives up (about 6 s in all). */
const ANSWER_WRITE_TRIES = 6;
const ANSWER_WRITE_BACKOFF_MS = 200;
/** Orders the sweep checks against the queue at once. */
const SWEEP_BATCH = 25;

type PackOutcome =
  | { kind: 'confirmed' }
  | { kind: 'player' | 'store' | 'unknown'; reason: string; refusal?: PlayerRefusal }
  | { kind: 'retry' }
  | { kind: 'superseded' };

/** Another run (a stalled job's re-run, the admin's retry) moved the pack first: it owns it now. */
const SUPERSEDED: PackOutcome = { kind: 'superseded' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivery of paid API-backed orders (DESIGN section 5): each pack of the item's `itemidarray`
 * is recorded in `supplier_purchases` and bought in order. Every pack confirmed -> Completed;
 * the player's fault before any pack was delivered -> Refunded; an unknown outcome or the
 * store's fault -> stays Processing with `needs_attention` and the reason. A run belongs to one
 * generation of the order (`fulfil-<orderid>-<n>`); a run of an older generation stops.
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger('Fulfilment');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly orders: OrdersService,
    private readonly deliveries: OrderDeliveries,
    private readonly purchases: SupplierPurchasesRepository,
    private readonly smileone: SmileOneAdapter,
    private readonly moogold: MooGoldAdapter,
    private readonly jobs: JobQueueService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly balanceGuard: SupplierBalanceGuard,
  ) {}

  @OnJob({ name: JobName.OrderFulfil, queue: QueueName.Fulfilment })
  async handleFulfil({ orderid, generation }: JobOf<JobName.OrderFulfil>): Promise<JobStatus> {
    const result = await this.fulfil(orderid, generation);
    if (result === 'retry') return JobStatus.Failed;
    return result === 'skipped' ? JobStatus.Skipped : JobStatus.Success;
  }

  async fulfil(orderid: string, generation: number): Promise<'done' | 'retry' | 'skipped'> {
    const order = await this.deliveries.claim(orderid, generation);
    if (!order) return 'skipped';
    const fence = { generation };
    const supplier = supplierOf(order.api_type);
    if (!supplier || order.itemidarray.length === 0) {
      await this.attention(order, Messages.deliveryNoSupplier);
      return 'done';
    }

    for (const [index, productRef] of order.itemidarray.entries()) {
      const row = await this.purchases.reserve(orderid, index + 1, supplier, productRef);
      if (row.status === 'confirmed') continue;
      if (row.status === 'reserved' && !(await this.balanceGuard.mayBuy(order, supplier))) {
        return 'done';
      }
      const outcome = await this.buyPack(order, row).catch((error: Error) => {
        this.logger.warn(`order ${orderid} pack ${row.pack}: ${error.message}`);
        return { kind: 'retry' } as const;
      });
      if (outcome.kind === 'confirmed') continue;
      if (outcome.kind === 'retry') return 'retry';
      if (outcome.kind === 'superseded') return 'skipped';
      if (
        outcome.kind === 'store' &&
        (await this.balanceGuard.refused(order, row, outcome.reason))
      ) {
        return 'done';
      }
      if (outcome.kind === 'player' && (await this.purchases.confirmedCount(orderid)) === 0) {
        const why = playerRefusalWords(outcome.refusal ?? 'details-refused', order.api_type);
        await this.settle(() =>
          this.orders.refundToWallet(orderid, outcome.reason, fence, undefined, why),
        );
        return 'done';
      }
      await this.attention(order, `Pack ${row.pack}: ${outcome.reason}`);
      return 'done';
    }
    await this.settle(() => this.orders.complete(orderid, fence));
    return 'done';
  }

  /** The supplier packs of the order `_id`, by pack number; 404 for an unknown order. */
  async packs(id: string) {
    const orderid = await this.deliveries.orderidOf(id);
    if (!orderid) throw AppError.notFound(Messages.notFound);
    return (await this.purchases.list(orderid)).map(mapOrderPack);
  }

  /** The admin's retry of a flagged order: failed packs are bought again, under a new generation. */
  async retry(id: string) {
    const order = await this.deliveries.reopen(id);
    if (!order) throw AppError.conflict(Messages.deliveryNotRetryable);
    await this.purchases.reopenFailed(order.orderid);
    await this.jobs.queue(
      JobName.OrderFulfil,
      { orderid: order.orderid, generation: order.fulfil_generation },
      fulfilJobId(order.orderid, order.fulfil_generation),
    );
    return { message: Messages.deliveryRetried, orderid: order.orderid };
  }

  /**
   * The admin's ruling on an `unknown` pack: delivered -> `confirmed` (the order completes when
   * every pack is); not delivered -> `failed`, so a retry buys it again. Audited.
   */
  async settlePack(id: string, pack: number, delivered: boolean, actorId: string) {
    const settled = await this.txHost.withTransaction(async () => {
      const order = await this.deliveries.lockForRuling(id);
      if (!order) throw AppError.conflict(Messages.deliveryNotSettleable);
      const ruling: { status: 'confirmed' | 'failed'; failure?: 'store'; note: string } = delivered
        ? { status: 'confirmed', note: Messages.deliverySettledDelivered }
        : { status: 'failed', failure: 'store', note: Messages.deliverySettledNotDelivered };
      const moved = await this.purchases.move(
        { orderid: order.orderid, pack },
        ['unknown'],
        ruling.status,
        { failure: ruling.failure },
      );
      if (!moved) throw AppError.conflict(Messages.deliveryNotSettleable);
      const confirmed = await this.purchases.confirmedCount(order.orderid);
      await this.deliveries.note(order.orderid, `Pack ${pack} ${ruling.note}`);
      await this.audit.record({
        actorId,
        action: 'order.settle-pack',
        entity: 'order',
        entityId: order.orderid,
        before: { pack, status: 'unknown' },
        after: { pack, status: ruling.status },
      });
      return { orderid: order.orderid, complete: confirmed === order.itemidarray.length };
    });
    if (settled.complete) await this.settle(() => this.orders.complete(settled.orderid));
    return { message: Messages.deliveryPackSettled, orderid: settled.orderid };
  }

  /** Re-enqueues paid API orders whose delivery is pending and whose job is gone. */
  async sweep() {
    const open = await this.deliveries.open();
    // The queue is asked about a batch of orders at a time, not one order after another.
    for (let start = 0; start < open.length; start += SWEEP_BATCH) {
      await Promise.all(open.slice(start, start + SWEEP_BATCH).map((order) => this.revive(order)));
    }
  }

  /** Enqueues the order again under its next generation when no job holds it. */
  private async revive(order: { orderid: string; fulfil_generation: number }) {
    const jobId = fulfilJobId(order.orderid, order.fulfil_generation);
    if (await this.jobs.isLive(QueueName.Fulfilment, jobId)) return;
    const generation = await this.deliveries.nextGeneration(order.orderid, order.fulfil_generation);
    if (generation === undefined) return;
    await this.jobs.queueSoon(
      JobName.OrderFulfil,
      { orderid: order.orderid, generation },
      fulfilJobId(order.orderid, generation),
    );
  }

  @OnJob({ name: JobName.FulfilmentSweepPending, queue: QueueName.Maintenance })
  async handleSweep(): Promise<JobStatus> {
    if (!this.config.fulfilment.enabled) return JobStatus.Skipped;
    await this.sweep();
    return JobStatus.Success;
  }

  private async buyPack(order: OrderRow, row: PurchaseRow): Promise<PackOutcome> {
    if (row.status === 'unknown') return { kind: 'unknown', reason: Messages.deliveryUnknown };
    if (row.status === 'failed') {
      return { kind: row.failure ?? 'store', reason: row.error ?? Messages.deliveryRefused };
    }
    if (row.supplier === 'moogold') {
      if (row.status === 'sent') return this.followMooGold(row);
      return this.sendMooGold(order, row);
    }
    if (row.status === 'sent') {
      // A Smile.one pack sent by a run that died: it may have been bought. Never resent.
      if (
        !(await this.purchases.move(row, ['sent'], 'unknown', { error: Messages.deliveryUnknown }))
      ) {
        return SUPERSEDED;
      }
      return { kind: 'unknown', reason: Messages.deliveryUnknown };
    }
    return this.sendSmileOne(order, row);
  }

  private async sendSmileOne(order: OrderRow, row: PurchaseRow): Promise<PackOutcome> {
    if (!(await this.purchases.move(row, ['reserved'], 'sent', { countTry: true }))) {
      return SUPERSEDED;
    }
    let orderId: string;
    try {
      ({ orderId } = await this.smileone.createorder(order.api_type as SmileRegion, {
        userid: order.input1,
        zoneid: order.input2,
        productid: row.product_ref,
      }));
    } catch (error) {
      return this.failed(row, error, false);
    }
    // Smile.one has no status call: this answer is the only proof of the purchase.
    const recorded = await this.recordAnswer(row, () =>
      this.purchases.move(row, ['sent'], 'confirmed', { supplierReference: orderId }),
    );
    if (!recorded) {
      this.logger.warn(`pack ${row.reference}: answered late as Smile.one order ${orderId}`);
      return SUPERSEDED;
    }
    return { kind: 'confirmed' };
  }

  private async sendMooGold(order: OrderRow, row: PurchaseRow): Promise<PackOutcome> {
    if (!(await this.purchases.move(row, ['reserved'], 'sent', { countTry: true }))) {
      return SUPERSEDED;
    }
    let orderId: string;
    try {
      ({ orderId } = await this.moogold.createOrder({
        partnerOrderId: row.reference,
        productId: row.product_ref,
        fields: moogoldAccountFields(order.api_type as MooGoldApiType, order.input1, order.input2),
      }));
    } catch (error) {
      if (error instanceof SupplierRefusal && error.code === '420') return this.followMooGold(row);
      return this.failed(row, error, true);
    }
    const recorded = await this.recordAnswer(row, () =>
      this.purchases.move(row, ['sent'], 'sent', { supplierReference: orderId }),
    );
    return recorded ? this.followMooGold(row) : SUPERSEDED;
  }

  /**
   * Writes what a supplier answered, trying again in this run when the database refuses for a
   * moment: given up, the answer would be lost and a bought pack end `unknown`.
   */
  private async recordAnswer(row: PurchaseRow, write: () => Promise<boolean>): Promise<boolean> {
    for (let tries = 1; ; tries += 1) {
      try {
        return await write();
      } catch (error) {
        if (tries >= ANSWER_WRITE_TRIES) throw error;
        this.logger.warn(`pack ${row.reference}: recording the answer failed, trying again`);
        await sleep(ANSWER_WRITE_BACKOFF_MS * 2 ** (tries - 1));
      }
    }
  }

  /** Follows a MooGold pack by our reference until it completes or is refunded. */
  private async followMooGold(row: PurchaseRow): Promise<PackOutcome> {
    for (let poll = 0; poll < POLL_TIMES; poll += 1) {
      let detail;
      try {
        detail = await this.moogold.orderDetailByPartnerId(row.reference);
      } catch (error) {
        this.logger.warn(`pack ${row.reference}: ${(error as Error).message}`);
        return { kind: 'retry' };
      }
      if (!detail) {
        // MooGold never took it: buy it again on the next run.
        if (!(await this.purchases.move(row, ['sent'], 'reserved'))) return SUPERSEDED;
        return { kind: 'retry' };
      }
      if (detail.order_status === 'completed') {
        const moved = await this.purchases.move(row, ['sent'], 'confirmed', {
          supplierReference: String(detail.order_id),
        });
        return moved ? { kind: 'confirmed' } : SUPERSEDED;
      }
      if (MOOGOLD_PLAYER_STATES.has(detail.order_status)) {
        const reason = `${Messages.deliveryRefusedByPlayer} (${detail.order_status})`;
        const moved = await this.purchases.move(row, ['sent'], 'failed', {
          failure: 'player',
          error: reason,
        });
        const refusal =
          detail.order_status === 'incorrect-details' ? 'unknown-player' : 'details-refused';
        return moved ? { kind: 'player', reason, refusal } : SUPERSEDED;
      }
      await sleep(POLL_MS);
    }
    return { kind: 'retry' };
  }

  private async failed(row: PurchaseRow, error: unknown, canLookUp: boolean): Promise<PackOutcome> {
    const kind = classifySupplierFailure(error);
    const detail = (error as Error).message;
    this.logger.warn(`pack ${row.reference}: ${detail}`);
    if (kind === 'retryable') {
      if (!(await this.purchases.move(row, ['sent'], 'reserved', { error: detail }))) {
        return SUPERSEDED;
      }
      if (row.tries + 1 < MAX_SEND_TRIES) return { kind: 'retry' };
      const reason = `${Messages.deliverySupplierUnavailable} (${detail})`;
      const moved = await this.purchases.move(row, ['reserved'], 'failed', {
        failure: 'store',
        error: reason,
      });
      return moved ? { kind: 'store', reason } : SUPERSEDED;
    }
    if (kind === 'unknown') {
      if (canLookUp) return this.followMooGold(row);
      const moved = await this.purchases.move(row, ['sent'], 'unknown', { error: detail });
      return moved ? { kind: 'unknown', reason: Messages.deliveryUnknown } : SUPERSEDED;
    }
    const reason =
      error instanceof SupplierRefusal ? `${error.code} ${error.reason}`.trim() : detail;
    const moved = await this.purchases.move(row, ['sent'], 'failed', {
      failure: kind,
      error: reason,
    });
    return moved ? { kind, reason, refusal: playerRefusalOf(error) } : SUPERSEDED;
  }

  private async attention(order: OrderRow, reason: string) {
    this.logger.warn(`order needs attention: ${reason}`);
    await this.deliveries.flag(order, reason);
  }

  /** A completion or refund another actor already made (the admin, a parallel run) is fine. */
  private async settle(move: () => Promise<unknown>) {
    try {
      await move();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.logger.warn(`settling skipped: ${error.message}`);
    }
  }
}

function supplierOf(apiType: string | null): 'smileone' | 'moogold' | undefined {
  if (apiType === 'SMILEBR' || apiType === 'SMILEPH') return 'smileone';
  if (isMooGoldApiType(apiType)) return 'moogold';
  return undefined;
}
