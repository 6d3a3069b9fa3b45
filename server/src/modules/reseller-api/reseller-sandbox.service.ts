import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { guardedUpdate } from '../../database/transactions.js';
import { AppError } from '../../common/errors/app-error.js';
import { deliveryOf } from '../../sandbox/suppliers/test-players.js';
import { newBusinessId } from '../../common/ids.js';
import { keysetPage, type OrderListQuery } from './order-list-query.js';
import { ResellerCallbacks } from './callbacks/callbacks.service.js';
import { ResellerCatalogue } from './reseller-catalogue.js';
import { ResellerErrorCode, ResellerMessages } from './reseller-errors.js';
import type { ActiveKey } from './reseller-keys.service.js';
import { requestHash, type OrderRequest, type ResellerOrderView } from './reseller-order-view.js';
import {
  ResellerSandboxMovementEntity,
  ResellerSandboxOrderEntity,
  ResellerSandboxWalletEntity,
  type SandboxOutcome,
} from './reseller-sandbox.entity.js';

/** A delivered sandbox order turns Completed this long after it is placed, like the simulators. */
export const SANDBOX_DELIVERY_MS = 1000;
export const SANDBOX_REFUSAL_REASON =
  'The supplier refused this player id (sandbox test player ending in 13); the price went back to the test balance.';
/** The most a single sandbox top-up adds: ₹10,00,000. */
export const SANDBOX_TOPUP_MAX_PAISE = 100_000_000;

const OUTCOMES: Record<ReturnType<typeof deliveryOf>, SandboxOutcome> = {
  delivered: 'deliver',
  refused: 'refuse',
  held: 'timeout',
};

const isReferenceClash = (error: unknown) =>
  error instanceof QueryFailedError &&
  (error.driverError as { constraint?: string }).constraint ===
    'reseller_sandbox_orders_user_reference_key';

/**
 * Test keys: orders against the supplier simulators' logic run in-process (a player id ending
 * in 13 is refused and refunded, one ending in 99 stays Processing as a supplier timeout, any
 * other completes after a second), paid from a test balance apart from the wallet and ledger.
 */
@Injectable()
export class ResellerSandboxService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly catalogue: ResellerCatalogue,
    private readonly clock: Clock,
    private readonly callbacks: ResellerCallbacks,
  ) {}

  private get orders() {
    return this.txHost.tx.getRepository(ResellerSandboxOrderEntity);
  }

  async balance(key: ActiveKey) {
    const wallet = await this.txHost.tx
      .getRepository(ResellerSandboxWalletEntity)
      .findOneBy({ userId: key.reseller.id });
    return wallet?.balance ?? 0;
  }

  /** Adds to the test balance; free, as it is play money. */
  topup(key: ActiveKey, amount: number) {
    return this.txHost.withTransaction(async () => {
      const after = await this.move(key.reseller.id, amount);
      await this.record(key.reseller.id, 'topup', amount, after!, null, null);
      return after!;
    });
  }

  async place(key: ActiveKey, request: OrderRequest) {
    const hash = requestHash(request);
    const existing = await this.orders.findOneBy({
      userId: key.reseller.id,
      reference: request.reference,
    });
    if (existing) return { created: false, order: this.replay(existing, hash) };
    const { product, item } = await this.catalogue.packFor(request, 'test');
    const outcome = OUTCOMES[deliveryOf(request.input1)];
    try {
      const order = await this.txHost.withTransaction(async () => {
        const placed = await this.orders.save(
          this.orders.create({
            orderid: newBusinessId('ZX'),
            userId: key.reseller.id,
            apiKeyId: key.id,
            reference: request.reference,
            requestHash: hash,
            itemId: item.id,
            itemName: item.name,
            productName: product.name,
            input1: request.input1,
            input2: request.input2,
            playerName: outcome === 'refuse' ? null : `Player${request.input1.slice(-4)}`,
            price: item.resellprice,
            outcome,
            refundReason: outcome === 'refuse' ? SANDBOX_REFUSAL_REASON : null,
            createdAt: this.clock.now(),
          }),
        );
        const after = await this.move(key.reseller.id, -placed.price);
        if (after === undefined) {
          throw new AppError(
            ResellerErrorCode.InsufficientBalance,
            ResellerMessages.insufficientBalance,
            HttpStatus.PAYMENT_REQUIRED,
          );
        }
        await this.record(
          key.reseller.id,
          'order',
          -placed.price,
          after,
          placed.orderid,
          placed.reference,
        );
        if (outcome === 'refuse') {
          const refunded = (await this.move(key.reseller.id, placed.price))!;
          await this.record(
            key.reseller.id,
            'refund',
            placed.price,
            refunded,
            placed.orderid,
            placed.reference,
          );
        }
        await this.callbacks.testOrderPlaced(
          key,
          placed,
          request.callback_url,
          this.events(placed),
        );
        return placed;
      });
      return { created: true, order: this.view(order) };
    } catch (error) {
      if (!isReferenceClash(error)) throw error;
      const winner = await this.orders.findOneByOrFail({
        userId: key.reseller.id,
        reference: request.reference,
      });
      return { created: false, order: this.replay(winner, hash) };
    }
  }

  async get(key: ActiveKey, reference: string) {
    const order = await this.orders.findOneBy({ userId: key.reseller.id, reference });
    if (!order) {
      throw new AppError(
        ResellerErrorCode.OrderNotFound,
        ResellerMessages.orderNotFound,
        HttpStatus.NOT_FOUND,
      );
    }
    return this.view(order);
  }

  list(key: ActiveKey, query: OrderListQuery) {
    return keysetPage(query, async (after, size) => {
      const builder = this.orders
        .createQueryBuilder('o')
        .where('o.userId = :userId', { userId: key.reseller.id })
        .orderBy('o.createdAt', 'DESC')
        .addOrderBy('o.id', 'DESC')
        .take(size);
      if (query.since) builder.andWhere('o.createdAt >= :since', { since: query.since });
      if (after) builder.andWhere('(o.createdAt, o.id) < (:at, :id)', after);
      return (await builder.getMany()).map((order) => ({
        at: order.createdAt,
        id: order.id,
        order: this.view(order),
      }));
    });
  }

  /** The test orders of these references, by reference (the status of a bulk order). */
  async viewsOf(userId: string, references: string[]) {
    const views = new Map<string, ResellerOrderView>();
    if (references.length === 0) return views;
    const orders = await this.orders
      .createQueryBuilder('o')
      .where('o.userId = :userId AND o.reference IN (:...references)', { userId, references })
      .getMany();
    for (const order of orders) views.set(order.reference, this.view(order));
    return views;
  }

  /** The test balance's movements in `[from, to)`, oldest first. */
  statement(userId: string, from: Date, to: Date) {
    return this.txHost.tx
      .getRepository(ResellerSandboxMovementEntity)
      .createQueryBuilder('m')
      .where('m.userId = :userId', { userId })
      .andWhere('m.createdAt >= :from AND m.createdAt < :to', { from, to })
      .orderBy('m.createdAt', 'ASC')
      .getMany();
  }

  private replay(order: ResellerSandboxOrderEntity, hash: string) {
    if (order.requestHash !== hash) {
      throw new AppError(
        ResellerErrorCode.ReferenceReused,
        ResellerMessages.referenceReused,
        HttpStatus.CONFLICT,
      );
    }
    return this.view(order);
  }

  /** The callbacks of a test order: refunded at once, or completed when it is delivered. */
  private events(order: ResellerSandboxOrderEntity) {
    if (order.outcome === 'refuse') {
      return [{ type: 'order.refunded', at: order.createdAt, order: this.view(order) }];
    }
    if (order.outcome !== 'deliver') return [];
    const at = new Date(order.createdAt.getTime() + SANDBOX_DELIVERY_MS);
    return [{ type: 'order.completed', at, order: this.view(order, at) }];
  }

  /** The order as the simulators would have it by `now`. */
  private view(order: ResellerSandboxOrderEntity, now = this.clock.now()): ResellerOrderView {
    const deliveredAt = new Date(order.createdAt.getTime() + SANDBOX_DELIVERY_MS);
    const delivered = order.outcome === 'deliver' && now >= deliveredAt;
    const status = order.outcome === 'refuse' ? 'Refunded' : delivered ? 'Completed' : 'Processing';
    const view: ResellerOrderView = {
      orderid: order.orderid,
      reference: order.reference,
      status,
      item_id: order.itemId,
      item_name: order.itemName,
      product_name: order.productName,
      input1: order.input1,
      input2: order.input2,
      price_paise: order.price,
      created_at: order.createdAt.toISOString(),
      updated_at: (delivered ? deliveredAt : order.createdAt).toISOString(),
    };
    if (order.playerName) view.username = order.playerName;
    if (delivered) view.completed_at = deliveredAt.toISOString();
    if (order.outcome === 'refuse') {
      view.refund = {
        amount_paise: order.price,
        reason: order.refundReason ?? SANDBOX_REFUSAL_REASON,
      };
    }
    return view;
  }

  /**
   * Moves the test balance by `amount` (paise, signed) with a guarded write that never takes it
   * below zero; answers the balance after, or undefined when a debit found too little. SQL: the
   * guard and the change are one statement, so concurrent orders cannot both spend the same paise.
   */
  private async move(userId: string, amount: number): Promise<number | undefined> {
    await this.txHost.tx
      .getRepository(ResellerSandboxWalletEntity)
      .createQueryBuilder()
      .insert()
      .values({ userId, balance: 0 })
      .orIgnore()
      .execute();
    const row = await guardedUpdate<{ balance: string }>(
      this.txHost.tx,
      `UPDATE reseller_sandbox_wallets SET balance = balance + $2::bigint
       WHERE user_id = $1 AND balance + $2::bigint >= 0 RETURNING balance`,
      [userId, amount],
    );
    return row ? Number(row.balance) : undefined;
  }

  private async record(
    userId: string,
    kind: ResellerSandboxMovementEntity['kind'],
    amount: number,
    balanceAfter: number,
    orderid: string | null,
    reference: string | null,
  ) {
    await this.txHost.tx
      .getRepository(ResellerSandboxMovementEntity)
      .insert({ userId, kind, amount, balanceAfter, orderid, reference });
  }
}
