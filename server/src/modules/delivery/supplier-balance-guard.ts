import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Clock } from '../../common/clock.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../../redis/redis.module.js';
import { AdminAlertsService } from '../operations/admin-alerts.service.js';
import { supplierBalanceAlertKey } from '../operations/alert-checks.service.js';
import { SupplierBalancesService } from '../operations/supplier-balances.service.js';
import { OrderDeliveriesRepository } from '../orders/order-deliveries.repository.js';
import type { Order } from '../orders/orders.repository.js';
import {
  SupplierPurchasesRepository,
  type SupplierPurchase,
} from './supplier-purchases.repository.js';
import { isBalanceRefusal } from './supplier-refusals.js';

type Supplier = 'smileone' | 'moogold';

const SUPPLIER_NAMES: Record<Supplier, string> = { smileone: 'Smile.one', moogold: 'MooGold' };

/** Which balance of the supplier pays for the order's packs. */
const balanceRegion = (supplier: Supplier, order: Pick<Order, 'apiType'>) =>
  supplier === 'smileone' ? String(order.apiType) : 'USD';

interface Shortage {
  /** The balance read right after the refusal. */
  balance: number;
  /** When it was read (epoch ms): only a later, higher read ends the shortage. */
  at: number;
}

/**
 * Keeps paid orders from being flagged one by one when a supplier account runs dry. The first
 * purchase refused for the balance marks the supplier short (in Redis) and alerts the admin
 * once; from then on the worker does not ask that supplier: orders stay `pending` with the
 * waiting text, and the delivery sweep brings them back until a refreshed balance read is
 * higher than the one taken at the refusal.
 */
@Injectable()
export class SupplierBalanceGuard {
  constructor(
    private readonly purchases: SupplierPurchasesRepository,
    private readonly deliveries: OrderDeliveriesRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly balances: SupplierBalancesService,
    private readonly alerts: AdminAlertsService,
    private readonly clock: Clock,
  ) {}

  private get key() {
    return `${this.config.redisPrefix}:ops:supplier-short`;
  }

  /**
   * Before buying a pack: true when the supplier may be asked. Otherwise the order is put back
   * to wait (the caller stops), and the sweep tries again later.
   */
  async mayBuy(order: Order, supplier: Supplier): Promise<boolean> {
    const region = balanceRegion(supplier, order);
    if (await this.short(supplier, region)) {
      await this.wait(order);
      return false;
    }
    if (order.attention === Messages.deliveryAwaitingBalance) {
      await this.deliveries.clearNote(order.orderid, Messages.deliveryAwaitingBalance);
    }
    return true;
  }

  /**
   * After a pack failed for the store's fault: when the supplier refused it for our balance,
   * the pack (never bought) is opened again, the supplier marked short, the order put to wait,
   * and true returned; any other refusal is left to the caller.
   */
  async refused(order: Order, row: SupplierPurchase, reason: string): Promise<boolean> {
    const supplier = row.supplier;
    if (!isBalanceRefusal(supplier, reason)) return false;
    const region = balanceRegion(supplier, order);
    await this.purchases.reopenRefused(row, reason);
    const read = await this.balances.refreshOne(supplier, region);
    const shortage: Shortage = {
      balance: read?.balance ?? 0,
      at: Math.max(read?.at ?? 0, this.clock.now().getTime()),
    };
    await this.redis.hset(this.key, `${supplier}:${region}`, JSON.stringify(shortage));
    await this.wait(order);
    await this.alerts.escalate(
      supplierBalanceAlertKey(supplier, region),
      'supplier_balance_short',
      `The ${SUPPLIER_NAMES[supplier]} balance (${region}) cannot pay for paid orders (${reason}). They wait and are delivered by themselves once the account is topped up.`,
    );
    return true;
  }

  private async short(supplier: Supplier, region: string) {
    const raw = await this.redis.hget(this.key, `${supplier}:${region}`);
    if (!raw) return false;
    const shortage = JSON.parse(raw) as Shortage;
    const read = await this.balances.cachedOne(supplier, region);
    if (!read || read.at <= shortage.at || read.balance <= shortage.balance) return true;
    await this.redis.hdel(this.key, `${supplier}:${region}`);
    await this.alerts.resolve(supplierBalanceAlertKey(supplier, region));
    return false;
  }

  private async wait(order: Order) {
    await this.deliveries.wait(order, Messages.deliveryAwaitingBalance);
  }
}
