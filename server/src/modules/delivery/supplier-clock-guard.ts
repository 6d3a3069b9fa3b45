import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { ClockSkew } from '../../common/clock-skew.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { MooGoldAdapter } from '../../providers/moogold/moogold.adapter.js';
import { SmileOneAdapter, type SmileRegion } from '../../providers/smileone/smileone.adapter.js';
import { REDIS } from '../../redis/redis.module.js';
import { AdminAlertsService } from '../operations/admin-alerts.service.js';
import { OrderDeliveriesRepository } from '../orders/order-deliveries.repository.js';
import type { Order } from '../orders/orders.repository.js';
import {
  SupplierPurchasesRepository,
  type SupplierPurchase,
} from './supplier-purchases.repository.js';
import { isClockRefusal } from './supplier-refusals.js';

type Supplier = 'smileone' | 'moogold';

const SUPPLIER_NAMES: Record<Supplier, string> = { smileone: 'Smile.one', moogold: 'MooGold' };

/** How often a paused supplier is asked (with a balance read) whether it accepts us again. */
const PROBE_EVERY_MS = 5_000;

/**
 * Keeps paid orders from being flagged one by one for a clock (RELIABILITY rule 14):
 * - this worker's clock too far from the database's: it signs nothing (`ClockSkew`), the order
 *   waits, and the admin is told once;
 * - a supplier refusing a purchase for the time it was signed with: that supplier is paused (in
 *   Redis), the order waits, and the admin is told once. A paused supplier is asked again with a
 *   balance read every few seconds; once it answers, the waiting orders go on by themselves (the
 *   delivery sweep brings them back).
 */
@Injectable()
export class SupplierClockGuard {
  constructor(
    private readonly purchases: SupplierPurchasesRepository,
    private readonly deliveries: OrderDeliveriesRepository,
    private readonly skew: ClockSkew,
    private readonly smileone: SmileOneAdapter,
    private readonly moogold: MooGoldAdapter,
    private readonly alerts: AdminAlertsService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get key() {
    return `${this.config.redisPrefix}:ops:supplier-clock`;
  }

  /** Before asking the supplier about a pack: false when the order was put back to wait. */
  async mayAsk(order: Order, supplier: Supplier): Promise<boolean> {
    const workerAlert = `clock-skew:${hostname()}`;
    const skew = await this.skew.tooFarOff();
    if (skew !== undefined) {
      await this.deliveries.wait(order, Messages.deliveryAwaitingClock);
      await this.alerts.open(
        workerAlert,
        'clock_skew',
        `The clock of worker ${hostname()} is ${Math.round(skew / 60_000)} minutes off the database's, so it sends no supplier request. Paid orders wait and are delivered by themselves once its clock is set right.`,
      );
      return false;
    }
    await this.alerts.resolve(workerAlert);
    if (await this.paused(order, supplier)) {
      await this.deliveries.wait(order, Messages.deliveryAwaitingClock);
      return false;
    }
    if (order.attention === Messages.deliveryAwaitingClock) {
      await this.deliveries.clearNote(order.orderid, Messages.deliveryAwaitingClock);
    }
    return true;
  }

  /**
   * After a pack failed for the store's fault: when the supplier refused it for its signed
   * time, the pack (never bought) is opened again, the supplier paused, the order put to wait,
   * and true returned; any other refusal is left to the caller.
   */
  async refused(order: Order, row: SupplierPurchase, reason: string): Promise<boolean> {
    const supplier = row.supplier;
    if (!isClockRefusal(supplier, reason)) return false;
    await this.purchases.reopenRefused(row, reason);
    await this.redis.hset(this.key, supplier, String(Date.now()));
    await this.deliveries.wait(order, Messages.deliveryAwaitingClock);
    await this.alerts.open(
      `supplier-clock:${supplier}`,
      'supplier_clock',
      `${SUPPLIER_NAMES[supplier]} refuses our requests for the time they were signed with (${reason}): check the clocks of the workers. Paid orders wait and are delivered by themselves once it accepts them again.`,
    );
    return true;
  }

  private async paused(order: Order, supplier: Supplier) {
    const probedAt = await this.redis.hget(this.key, supplier);
    if (probedAt === null) return false;
    if (Date.now() - Number(probedAt) < PROBE_EVERY_MS) return true;
    await this.redis.hset(this.key, supplier, String(Date.now()));
    try {
      if (supplier === 'smileone') await this.smileone.querypoints(order.apiType as SmileRegion);
      else await this.moogold.balance();
    } catch {
      return true;
    }
    await this.redis.hdel(this.key, supplier);
    await this.alerts.resolve(`supplier-clock:${supplier}`);
    return false;
  }
}
