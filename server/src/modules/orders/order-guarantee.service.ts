import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { databaseNow } from '../../common/clock-skew.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { MANUAL_PROMISE_MINUTES } from '../catalog/catalog.service.js';
import { WalletMovements } from '../wallet/wallet-movements.service.js';
import type { OrderNotices } from './order-receipts.service.js';
import type { OrderStatus } from './order-state.js';
import { OrderPromisesRepository } from './order-promises.repository.js';
import { OrderReceipts } from './order-receipts.service.js';

/** An order's promise: a supplier product's own or the store's default; manual ones 30 min. */
export function promisedMinutes(
  delivery: { isApi: boolean; promiseMinutes: number | null },
  apiDefault: number,
): number {
  return delivery.isApi ? (delivery.promiseMinutes ?? apiDefault) : MANUAL_PROMISE_MINUTES;
}

const ENDED: OrderStatus[] = ['Completed', 'Refunded', 'Cancelled'];

/**
 * The compensation of a missed delivery promise: once per order (the order's guarded write,
 * the wallet row and the ledger key), in Z-Coins, with the customer's notice recorded in the
 * same transaction. A refund before the promise pays nothing; a compensation paid stays paid
 * when the order is refunded later.
 */
@Injectable()
export class OrderGuarantee {
  private readonly logger = new Logger('Guarantee');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly promises: OrderPromisesRepository,
    private readonly movements: WalletMovements,
    private readonly receipts: OrderReceipts,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Compensates an order still open past its promise; true when this call paid it. */
  async compensateOpen(orderid: string, now: Date): Promise<boolean> {
    const notices = await this.txHost.withTransaction(() =>
      this.compensate(orderid, now, ['Processing']),
    );
    if (notices === undefined) return false;
    await this.receipts.dispatch(notices ?? undefined);
    return true;
  }

  /**
   * In the transaction of an order's end: an order that ends after its promise without a
   * compensation yet (delivered late, between two sweeps) gets it now. The notices to dispatch
   * after commit, if any. Judged by the database's time (read on the transaction's
   * own connection), as the sweep judges.
   */
  async compensateEnded(orderid: string): Promise<OrderNotices | undefined> {
    const now = this.clock.fromDatabase(await databaseNow(this.txHost.tx));
    return (await this.compensate(orderid, now, ENDED)) ?? undefined;
  }

  /** undefined: nothing paid; null: paid with nothing to tell; else the notices to send. */
  private async compensate(
    orderid: string,
    now: Date,
    statuses: OrderStatus[],
  ): Promise<OrderNotices | null | undefined> {
    const { compensationPercent: percent, compensationPaise: paise } = this.config.guarantee;
    const order = await this.promises.markCompensated(orderid, now, statuses, { percent, paise });
    if (!order) return undefined;
    const amount = order.compensation ?? 0;
    this.logger.log(`order ${orderid} missed its promise: ${amount} paise compensated`);
    if (amount === 0) return null;
    await this.movements.compensateLateOrder({
      orderid,
      holder: { id: order.userId, userid: order.userid, email: order.userEmail },
      amount,
    });
    return this.receipts.recordMissedPromise(order);
  }
}
