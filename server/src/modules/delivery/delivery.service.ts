import { Inject, Injectable, Logger } from '@nestjs/common';
import { settleOnce } from './settle-once.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { isMooGoldApiType } from '../../providers/moogold/moogold.adapter.js';
import { OrderDeliveriesRepository } from '../orders/order-deliveries.repository.js';
import { OrderSettlementService, STORE_ACTOR } from '../orders/order-settlement.service.js';
import { deliveryJobId } from '../orders/orders.service.js';
import { playerRefusalWords } from '../orders/customer-reasons.js';
import type { Order } from '../orders/orders.repository.js';
import { SupplierBalanceGuard } from './supplier-balance-guard.js';
import { SupplierClockGuard } from './supplier-clock-guard.js';
import { SupplierPackBuyer } from './supplier-pack-buyer.js';
import { SupplierPurchasesRepository } from './supplier-purchases.repository.js';

/** Orders the sweep checks against the queue at once. */
const SWEEP_BATCH = 25;

/**
 * Delivery of paid API-backed orders (DESIGN section 5): each pack of the item's `itemidarray`
 * is recorded in `supplier_purchases` and bought in order. Every pack confirmed -> Completed;
 * the player's fault before any pack was delivered -> Refunded; an unknown outcome or the
 * store's fault -> stays Processing with `needs_attention` and the reason. A run belongs to one
 * generation of the order (`delivery-<orderid>-<n>`); a run of an older generation stops.
 */
@Injectable()
export class DeliveryService {
  private readonly logger = new Logger('Delivery');

  constructor(
    private readonly settlement: OrderSettlementService,
    private readonly deliveries: OrderDeliveriesRepository,
    private readonly purchases: SupplierPurchasesRepository,
    private readonly buyer: SupplierPackBuyer,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly balanceGuard: SupplierBalanceGuard,
    private readonly clockGuard: SupplierClockGuard,
  ) {}

  @OnJob({ name: JobName.OrderDeliver, queue: QueueName.Delivery })
  async handleDeliver({ orderid, generation }: JobOf<JobName.OrderDeliver>): Promise<JobStatus> {
    const result = await this.deliver(orderid, generation);
    if (result === 'retry') return JobStatus.Failed;
    return result === 'skipped' ? JobStatus.Skipped : JobStatus.Success;
  }

  async deliver(orderid: string, generation: number): Promise<'done' | 'retry' | 'skipped'> {
    const order = await this.deliveries.claim(orderid, generation);
    if (!order) return 'skipped';
    const fence = { generation };
    const supplier = supplierOf(order.apiType);
    if (!supplier || order.itemIdArray.length === 0) {
      await this.attention(order, Messages.deliveryNoSupplier);
      return 'done';
    }

    for (const [index, productRef] of order.itemIdArray.entries()) {
      const row = await this.purchases.reserve(orderid, index + 1, supplier, productRef);
      if (row.status === 'confirmed') continue;
      if (!(await this.clockGuard.mayAsk(order, supplier))) return 'done';
      if (row.status === 'reserved' && !(await this.balanceGuard.mayBuy(order, supplier))) {
        return 'done';
      }
      const outcome = await this.buyer.buy(order, row).catch((error: Error) => {
        this.logger.warn(`order ${orderid} pack ${row.pack}: ${error.message}`);
        return { kind: 'retry' } as const;
      });
      if (outcome.kind === 'confirmed') continue;
      if (outcome.kind === 'late-confirmed') {
        await this.resumeAfterLateAnswer(orderid);
        return 'skipped';
      }
      if (outcome.kind === 'retry') return 'retry';
      if (outcome.kind === 'superseded') return 'skipped';
      if (
        outcome.kind === 'store' &&
        ((await this.balanceGuard.refused(order, row, outcome.reason)) ||
          (await this.clockGuard.refused(order, row, outcome.reason)))
      ) {
        return 'done';
      }
      if (outcome.kind === 'player' && (await this.purchases.confirmedCount(orderid)) === 0) {
        const why = playerRefusalWords(outcome.refusal ?? 'details-refused', order.apiType);
        await settleOnce(this.logger, () =>
          this.settlement.refundToWallet(STORE_ACTOR, orderid, {
            reason: outcome.reason,
            fence,
            customerWhy: why,
          }),
        );
        return 'done';
      }
      await this.attention(order, `Pack ${row.pack}: ${outcome.reason}`);
      return 'done';
    }
    await settleOnce(this.logger, () => this.settlement.complete(STORE_ACTOR, orderid, { fence }));
    return 'done';
  }

  /**
   * A run of an older generation proved a pack another run had left `unknown` (and flagged the
   * order for): with no other pack in doubt, the order goes on under its next generation.
   */
  private async resumeAfterLateAnswer(orderid: string) {
    if ((await this.purchases.inDoubtCount(orderid)) > 0) return;
    const reopened = await this.deliveries.reopenFlagged(orderid);
    if (!reopened) return;
    this.logger.log('order resumed: the pack in doubt was bought');
    await this.jobs.queueSoon(
      JobName.OrderDeliver,
      { orderid, generation: reopened.deliveryGeneration },
      deliveryJobId(orderid, reopened.deliveryGeneration),
    );
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
  private async revive(order: Pick<Order, 'orderid' | 'deliveryGeneration'>) {
    const jobId = deliveryJobId(order.orderid, order.deliveryGeneration);
    if (await this.jobs.isLive(QueueName.Delivery, jobId)) return;
    const generation = await this.deliveries.nextGeneration(
      order.orderid,
      order.deliveryGeneration,
    );
    if (generation === undefined) return;
    await this.jobs.queueSoon(
      JobName.OrderDeliver,
      { orderid: order.orderid, generation },
      deliveryJobId(order.orderid, generation),
    );
  }

  @OnJob({ name: JobName.DeliverySweepPending, queue: QueueName.Maintenance })
  async handleSweep(): Promise<JobStatus> {
    if (!this.config.delivery.enabled) return JobStatus.Skipped;
    await this.sweep();
    await this.purchases.foldTally();
    return JobStatus.Success;
  }

  private async attention(order: Order, reason: string) {
    this.logger.warn(`order needs attention: ${reason}`);
    await this.deliveries.flag(order, reason);
  }
}

function supplierOf(apiType: string | null): 'smileone' | 'moogold' | undefined {
  if (apiType === 'SMILEBR' || apiType === 'SMILEPH') return 'smileone';
  if (isMooGoldApiType(apiType)) return 'moogold';
  return undefined;
}
