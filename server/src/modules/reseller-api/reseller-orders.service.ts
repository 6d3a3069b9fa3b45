import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AppError } from '../../common/errors/app-error.js';
import { entityFromRow } from '../../database/entity-rows.js';
import type { Order } from '../orders/order.js';
import { OrdersService } from '../orders/orders.service.js';
import { Role } from '../../common/auth/role.js';
import { ResellerCatalogue } from './reseller-catalogue.js';
import { ResellerErrorCode, ResellerMessages } from './reseller-errors.js';
import type { ActiveKey } from './reseller-keys.service.js';
import { ResellerOrderEntity } from './reseller-order.entity.js';
import { requestHash, type OrderRequest, type ResellerOrderView } from './reseller-order-view.js';
import { keysetPage, type OrderListQuery } from './order-list-query.js';

const COMPLETED: ReadonlySet<string> = new Set(['Completed']);

export function liveView(order: Order, reference: string): ResellerOrderView {
  const view: ResellerOrderView = {
    orderid: order.orderid,
    reference,
    status: order.status,
    item_id: order.itemId,
    item_name: order.itemName,
    product_name: order.productName,
    input1: order.input1,
    input2: order.input2,
    price_paise: order.value,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
  if (order.playerName) view.username = order.playerName;
  if (COMPLETED.has(order.status)) view.completed_at = order.updatedAt.toISOString();
  if (order.status === 'Refunded') {
    view.refund = {
      amount_paise: order.value,
      reason: order.customerReason ?? order.reason ?? 'Refunded to the Z-Coins wallet.',
    };
  }
  return view;
}

const isReferenceClash = (error: unknown) =>
  error instanceof QueryFailedError &&
  (error.driverError as { code?: string; constraint?: string }).code === '23505' &&
  (error.driverError as { constraint?: string }).constraint ===
    'reseller_orders_user_reference_key';

/** The checkout's refusals, in the reseller API's codes (402 for the balance, INVALID_INPUT). */
export function inApiTerms(error: unknown) {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'INSUFFICIENT_BALANCE') {
    return new AppError(
      ResellerErrorCode.InsufficientBalance,
      ResellerMessages.insufficientBalance,
      HttpStatus.PAYMENT_REQUIRED,
    );
  }
  if (error.status === HttpStatus.BAD_REQUEST && error.code === 'VALIDATION') {
    return new AppError(ResellerErrorCode.InvalidInput, error.message, HttpStatus.BAD_REQUEST);
  }
  return error;
}

/**
 * Live orders through the API: ordinary Z-Coins orders (the storefront's checkout, debit and
 * delivery), each bound to the reseller's reference in the order's own transaction, before its
 * debit. The reference is the idempotency key forever: a resend answers the bound order, a clash
 * of concurrent sends rolls the loser's order back whole and answers the winner's.
 */
@Injectable()
export class ResellerOrdersService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly orders: OrdersService,
    private readonly catalogue: ResellerCatalogue,
  ) {}

  private get bindings() {
    return this.txHost.tx.getRepository(ResellerOrderEntity);
  }

  /**
   * `created` is false when the reference already named this order. A `background` order is
   * delivered behind every other customer's (the rows of a bulk order).
   */
  async place(key: ActiveKey, request: OrderRequest, options: { background?: boolean } = {}) {
    const hash = requestHash(request);
    let placed: Order | undefined;
    try {
      const { product, item } = await this.catalogue.packFor(request, key.mode);
      const buyer = { ...key.reseller, role: Role.Reseller };
      await this.orders.placeWalletOrderFor(
        buyer,
        {
          itemid: item.itemid,
          item_id: item.id,
          product_id: product.id,
          userid: key.reseller.userid,
          input1: request.input1,
          input2: request.input2,
        },
        async (order) => {
          placed = order;
          await this.bind({
            userId: key.reseller.id,
            reference: request.reference,
            requestHash: hash,
            apiKeyId: key.id,
            orderid: order.orderid,
            callbackUrl: request.callback_url ?? null,
            // Milliseconds, as the list's cursor carries them.
            createdAt: new Date(),
          });
        },
        options,
      );
    } catch (error) {
      // A bound reference answers its order whatever refused this attempt: the binding itself,
      // or what changed since (the pack gone, the balance spent). Looked up only here, so a new
      // reference, nearly every send, costs no read.
      const bound = await this.boundTo(key.reseller.id, request.reference);
      if (bound) return { created: false, order: await this.replay(bound, hash) };
      throw isReferenceClash(error) ? error : inApiTerms(error);
    }
    // The order as its own transaction wrote it: no second read.
    return { created: true, order: liveView(placed!, request.reference) };
  }

  /**
   * The order a reference is bound to. This and `bind` are typed SQL: they run on the API's
   * order path, whose throughput is held to the storefront's (`bench/reseller.bench.mjs`).
   */
  private async boundTo(userId: string, reference: string) {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      'SELECT * FROM reseller_orders WHERE user_id = $1 AND reference = $2',
      [userId, reference],
    );
    return rows[0] && entityFromRow(this.txHost.tx, ResellerOrderEntity, rows[0]);
  }

  private async bind(binding: Omit<ResellerOrderEntity, 'id'>) {
    await this.txHost.tx.query(
      `INSERT INTO reseller_orders (user_id, reference, request_hash, api_key_id, orderid, callback_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        binding.userId,
        binding.reference,
        binding.requestHash,
        binding.apiKeyId,
        binding.orderid,
        binding.callbackUrl,
        binding.createdAt,
      ],
    );
  }

  private async replay(binding: ResellerOrderEntity, hash: string) {
    if (binding.requestHash !== hash) {
      throw new AppError(
        ResellerErrorCode.ReferenceReused,
        ResellerMessages.referenceReused,
        HttpStatus.CONFLICT,
      );
    }
    return this.view(binding);
  }

  private async view(binding: ResellerOrderEntity) {
    const [order] = await this.orders.getMany([binding.orderid]);
    return liveView(order, binding.reference);
  }

  async get(key: ActiveKey, reference: string) {
    const binding = await this.bindings.findOneBy({ userId: key.reseller.id, reference });
    if (!binding) {
      throw new AppError(
        ResellerErrorCode.OrderNotFound,
        ResellerMessages.orderNotFound,
        HttpStatus.NOT_FOUND,
      );
    }
    return this.view(binding);
  }

  /** Newest first, keyset paging on the bindings (created_at, id); `status` filters as it reads. */
  list(key: ActiveKey, query: OrderListQuery) {
    return keysetPage(query, async (after, size) => {
      const builder = this.bindings
        .createQueryBuilder('binding')
        .where('binding.userId = :userId', { userId: key.reseller.id })
        .orderBy('binding.createdAt', 'DESC')
        .addOrderBy('binding.id', 'DESC')
        .take(size);
      if (query.since) builder.andWhere('binding.createdAt >= :since', { since: query.since });
      if (after) {
        builder.andWhere('(binding.createdAt, binding.id) < (:at, :id)', after);
      }
      const rows = await builder.getMany();
      const orders = new Map(
        (await this.orders.getMany(rows.map((row) => row.orderid))).map((order) => [
          order.orderid,
          order,
        ]),
      );
      return rows.map((row) => ({
        at: row.createdAt,
        id: row.id,
        order: liveView(orders.get(row.orderid)!, row.reference),
      }));
    });
  }

  /** The orders of these references, by reference (the status of a bulk order). */
  async viewsOf(userId: string, references: string[]) {
    const views = new Map<string, ResellerOrderView>();
    if (references.length === 0) return views;
    const bindings = await this.bindings
      .createQueryBuilder('binding')
      .where('binding.userId = :userId AND binding.reference IN (:...references)', {
        userId,
        references,
      })
      .getMany();
    const orders = new Map(
      (await this.orders.getMany(bindings.map((b) => b.orderid))).map((o) => [o.orderid, o]),
    );
    for (const binding of bindings) {
      const order = orders.get(binding.orderid);
      if (order) views.set(binding.reference, liveView(order, binding.reference));
    }
    return views;
  }

  /** The live orders with this reference (one per reseller at most), for the console's filter. */
  async orderidsWithReference(reference: string) {
    const rows = await this.bindings.find({ select: { orderid: true }, where: { reference } });
    return rows.map((row) => row.orderid);
  }

  /** References and key ids of the given orders, for the console's lists. */
  async referencesOf(orderids: string[]) {
    if (orderids.length === 0) return [];
    return this.bindings
      .createQueryBuilder('binding')
      .where('binding.orderid IN (:...orderids)', { orderids })
      .getMany();
  }
}
