import { Inject, Injectable, Logger } from '@nestjs/common';
import { DatabaseClock } from '../../common/database-clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { AdminAlertsService } from '../operations/admin-alerts.service.js';
import { rupeesText } from './customer-reasons.js';
import { OrderGuarantee } from './order-guarantee.service.js';
import { OrderPromisesRepository } from './order-promises.repository.js';
import { OrderSettlementService, STORE_ACTOR } from './order-settlement.service.js';

/** Orders each step of a sweep takes at most; the next sweep takes the rest. */
const BATCH = 100;
/** Orders named one by one in the admin's notice; the rest are counted. */
const NAMED = 20;

/**
 * The delivery guarantee's sweep (a scheduled job, one run at a time under its lease; every
 * write is guarded, so two runs racing still pay each order once):
 * 1. compensates the paid orders still open past their promise;
 * 2. refunds to the wallet the ones still open at the hard deadline (as the admin's refund
 *    does: never while a supplier purchase is running);
 * 3. tells the admin, in one notice per sweep, of the orders that missed their promise and of
 *    those it refunded.
 */
@Injectable()
export class OrderPromiseSweep {
  private readonly logger = new Logger('Guarantee');

  constructor(
    private readonly promises: OrderPromisesRepository,
    private readonly guarantee: OrderGuarantee,
    private readonly settlement: OrderSettlementService,
    private readonly alerts: AdminAlertsService,
    private readonly clock: DatabaseClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob({ name: JobName.OrderPromiseSweep, queue: QueueName.Maintenance })
  async handleSweep(): Promise<JobStatus> {
    await this.sweep();
    return JobStatus.Success;
  }

  async sweep() {
    // The database's time (RELIABILITY rule 14): a worker with a wrong clock pays nobody early.
    const now = await this.clock.now();
    let compensated = 0;
    for (const orderid of await this.promises.overdue(now, BATCH)) {
      if (await this.guarantee.compensateOpen(orderid, now)) compensated += 1;
    }
    const refunded = await this.refundPastDeadline(now);
    await this.tellAdmin(refunded);
    return { compensated, refunded };
  }

  private async refundPastDeadline(now: Date): Promise<string[]> {
    const hours = this.config.guarantee.refundAfterHours;
    const paidBefore = new Date(now.getTime() - hours * 3_600_000);
    const refunded: string[] = [];
    for (const orderid of await this.promises.pastDeadline(paidBefore, BATCH)) {
      try {
        await this.settlement.refundToWallet(STORE_ACTOR, orderid, {
          reason: `Not delivered within ${hours} hours: refunded by the delivery guarantee`,
          // Never while a supplier purchase is running, as for an admin's refund.
          fence: { admin: true },
          customerWhy: `We could not deliver this order within ${hours} hours.`,
        });
        refunded.push(orderid);
      } catch (error) {
        // Moved by someone else meanwhile (delivered, refunded by the admin, a run started).
        this.logger.warn(`guarantee refund of ${orderid} skipped: ${(error as Error).message}`);
      }
    }
    return refunded;
  }

  private async tellAdmin(refunded: string[]) {
    const missed = await this.promises.claimUntold(BATCH);
    if (missed.length > 0) {
      const lines = missed
        .slice(0, NAMED)
        .map(
          (order) =>
            `${order.orderid}: ${order.productName} - ${order.itemName} (${order.supplier}), ${rupeesText(order.compensation)} compensated`,
        );
      if (missed.length > NAMED) lines.push(`and ${missed.length - NAMED} more`);
      await this.alerts.tell(
        'orders_past_promise',
        `${missed.length} order(s) missed their delivery promise`,
        `${lines.join('\n')}\n\nThe customers were compensated in Z-Coins. Check the suppliers and the pending orders on the console.`,
      );
    }
    if (refunded.length > 0) {
      const hours = this.config.guarantee.refundAfterHours;
      await this.alerts.tell(
        'orders_refunded_by_guarantee',
        `${refunded.length} order(s) refunded after ${hours} hours without delivery`,
        `${refunded.slice(0, NAMED).join(', ')}${refunded.length > NAMED ? ` and ${refunded.length - NAMED} more` : ''}\n\nThe customers got the full amount back in Z-Coins. Check why these orders were not delivered.`,
      );
    }
  }
}
