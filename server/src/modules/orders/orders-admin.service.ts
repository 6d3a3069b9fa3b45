import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { AppError } from '../../common/errors/app-error.js';
import {
  choiceFilter,
  idFilter,
  isUuid,
  istDayRange,
  textFilter,
  textSearch,
} from '../../common/http/list-filters.js';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { Messages } from '@zstore/contract/messages';
import { ORDER_STATUSES } from '@zstore/contract/statuses';
import { istIsoDate } from '../../common/india-time.js';
import { toRupees } from '../../common/money.js';
import { mapOrder, type OrderResponseDto } from './dto/order.dto.js';
import { OrderSources } from './order-sources.js';
import { ORDER_SORT_COLUMNS, OrdersAdminRepository } from './orders-admin.repository.js';
import { adminActor, OrderSettlementService } from './order-settlement.service.js';
import { OrdersService } from './orders.service.js';
import { UsersService } from '../users/users.service.js';

export const ORDER_SORTABLE = Object.keys(ORDER_SORT_COLUMNS);
const PAYMENT_MODES = ['upi', 'wallet'] as const;
const SALES_DAYS = 30;
const PROCESSING_LIMIT = 500;
const REASON_MAX = 500;
/** Matches no account: a reseller filter naming nobody lists nothing. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/** The admin's moves on a `Processing` order; `Refund` is the console's button for `Refunded`. */
const ADMIN_MOVES: Record<string, 'Completed' | 'Refunded' | 'Cancelled'> = {
  Completed: 'Completed',
  Refunded: 'Refunded',
  Refund: 'Refunded',
  Cancelled: 'Cancelled',
};

/** Spec 002's order calls and the console's `orders` table. */
@Injectable()
export class OrdersAdminService {
  constructor(
    private readonly orders: OrdersService,
    private readonly settlement: OrderSettlementService,
    private readonly repository: OrdersAdminRepository,
    private readonly clock: Clock,
    private readonly sources: OrderSources,
    private readonly users: UsersService,
  ) {}

  async stats() {
    const [counts, sales] = await Promise.all([
      this.repository.stats(),
      this.repository.salesByDay(istIsoDate(this.clock.now()), SALES_DAYS),
    ]);
    return {
      total_order: counts.totalOrder,
      completed: counts.completed,
      refunded: counts.refunded,
      processing: counts.processing,
      total_sale: toRupees(counts.totalSale),
      sales: sales.map((day) => ({
        date: day.date,
        total: toRupees(day.total),
        orders: day.orders,
      })),
    };
  }

  /** Orders by status and the open ones by delivery status, for the metrics page. */
  statusCounts() {
    return this.repository.statusCounts();
  }

  async processing() {
    return this.withSources(
      (await this.repository.processing(PROCESSING_LIMIT)).map((order) => mapOrder(order)),
    );
  }

  /** Completes, refunds or cancels a `Processing` order for the admin `auth`, audited. */
  async update(auth: AuthUser, id: string, newStatus: string, rawReason?: string) {
    const move = Object.hasOwn(ADMIN_MOVES, newStatus) ? ADMIN_MOVES[newStatus] : undefined;
    if (!move) throw AppError.badRequest(Messages.orderStatusUnknown);
    const reason = rawReason?.trim() || undefined;
    if (reason && reason.length > REASON_MAX) {
      throw AppError.badRequest(Messages.orderReasonTooLong);
    }
    const { orderid, deliveryStatus } = await this.require(id);
    // A refund while the supplier is being paid for the packs could pay twice: wait for the run.
    if (deliveryStatus === 'in_progress') {
      throw AppError.conflict(Messages.orderBeingDelivered);
    }
    const actor = adminActor(auth.id);
    const settle = { reason, fence: { admin: true } } as const;
    const order =
      move === 'Completed'
        ? await this.settlement.complete(actor, orderid, settle)
        : move === 'Refunded'
          ? await this.settlement.refundToWallet(actor, orderid, settle)
          : await this.settlement.cancel(actor, orderid, settle);
    return { message: Messages.orderUpdated, order };
  }

  /** Spec 002's numbered page, newest first; `after` is the last id of page `page - 1`. */
  async page(page = 1, limit = 50, after?: string) {
    const { rows, total } = await this.repository.list(
      {},
      { column: 'created_at', order: 'DESC' },
      (page - 1) * limit,
      limit,
      after,
    );
    return {
      transactions: await this.withSources(await this.orders.mapWithLinks(rows)),
      totalTxns: total,
      currentPage: page,
      itemsPerPage: limit,
      totalItems: total,
      totalPages: Math.max(1, Math.ceil(total / limit)),
    };
  }

  async list(query: ListQuery) {
    const { filter } = query;
    const q = textFilter(filter, 'q');
    const { from, until } = istDayRange(filter);
    const reference = textFilter(filter, 'reference');
    const reseller = Number(textFilter(filter, 'reseller') ?? NaN);
    const userId = Number.isSafeInteger(reseller)
      ? ((await this.sources.resellerAccount(reseller)) ?? NO_ACCOUNT)
      : undefined;
    const { rows, total } = await this.repository.list(
      {
        ids: idFilter(filter),
        orderids: reference === undefined ? undefined : await this.sources.byReference(reference),
        userId,
        q: q ? textSearch(q, await this.users.useridsWithEmailContaining(q)) : undefined,
        status: choiceFilter(filter, 'status', ORDER_STATUSES),
        paymentmode: choiceFilter(filter, 'paymentmode', PAYMENT_MODES),
        updatedFrom: from,
        updatedUntil: until,
        guest: filter.guest === true || filter.guest === 'true' || undefined,
      },
      { column: ORDER_SORT_COLUMNS[query.sortField], order: query.sortOrder },
      query.offset,
      query.limit,
      query.after,
    );
    return { orders: await this.withSources(await this.orders.mapWithLinks(rows)), total };
  }

  async get(id: string) {
    return (await this.withSources(await this.orders.mapWithLinks([await this.require(id)])))[0];
  }

  /** Marks the orders placed through the reseller API with their reference and key label. */
  private async withSources(orders: OrderResponseDto[]) {
    const sources = await this.sources.of(orders.map((order) => order.orderid));
    return orders.map((order) => ({ ...order, api: sources.get(order.orderid) ?? null }));
  }

  private async require(id: string) {
    const order = isUuid(id) ? await this.repository.getById(id) : undefined;
    if (!order) throw AppError.notFound(Messages.notFound);
    return order;
  }
}
