import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { settleOnce } from './settle-once.js';
import { Messages } from '@zstore/contract/messages';
import { JobName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import { AuditService } from '../audit/audit.service.js';
import { OrderDeliveriesRepository } from '../orders/order-deliveries.repository.js';
import { OrderSettlementService, STORE_ACTOR } from '../orders/order-settlement.service.js';
import { deliveryJobId } from '../orders/orders.service.js';
import { mapOrderPack } from './dto/delivery.dto.js';
import { SupplierPurchasesRepository } from './supplier-purchases.repository.js';

/** The admin's moves on a delivery: reading its packs, retrying it, ruling on an `unknown` pack. */
@Injectable()
export class DeliveryAdminService {
  private readonly logger = new Logger('Delivery');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly settlement: OrderSettlementService,
    private readonly deliveries: OrderDeliveriesRepository,
    private readonly purchases: SupplierPurchasesRepository,
    private readonly jobs: JobQueueService,
    private readonly audit: AuditService,
  ) {}

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
      JobName.OrderDeliver,
      { orderid: order.orderid, generation: order.deliveryGeneration },
      deliveryJobId(order.orderid, order.deliveryGeneration),
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
      return { orderid: order.orderid, complete: confirmed === order.itemIdArray.length };
    });
    if (settled.complete) {
      await settleOnce(this.logger, () => this.settlement.complete(STORE_ACTOR, settled.orderid));
    }
    return { message: Messages.deliveryPackSettled, orderid: settled.orderid };
  }
}
