import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { entityFromRow } from '../../database/entity-rows.js';
import { guardedUpdate } from '../../database/transactions.js';
import { ENQUEUE_GRACE_MS } from '../../jobs/job.types.js';
import { Injectable } from '@nestjs/common';
import { requireMoves, sourcesOf } from '../../common/state-machine.js';
import { deliveryOpen, deliveryTransitions, type DeliveryStatus } from './delivery-state.js';
import { OrderEntity } from './order.entity.js';
import type { Order } from './order.js';

const moveTo = (from: readonly DeliveryStatus[], to: DeliveryStatus) =>
  requireMoves('delivery', deliveryTransitions, from, to);

/**
 * The delivery side of a paid API-backed order, for the delivery module: every move of
 * `delivery_status` checked against `deliveryTransitions`, each a guarded UPDATE (those that
 * answer what they changed stay SQL, `UPDATE ... RETURNING`).
 */
@Injectable()
export class OrderDeliveriesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get orders() {
    return this.txHost.tx.getRepository(OrderEntity);
  }

  /** Claims the order for the run of `generation`; undefined when another generation owns it. */
  async claim(orderid: string, generation: number): Promise<Order | undefined> {
    const claimed = await guardedUpdate<Record<string, unknown>>(
      this.txHost.tx,
      `UPDATE orders SET delivery_status = 'in_progress', updated_at = now()
       WHERE orderid = $1 AND status = 'Processing' AND is_api AND delivery_generation = $2
         AND delivery_status = ANY($3::text[]) RETURNING *`,
      [orderid, generation, moveTo(deliveryOpen, 'in_progress')],
    );
    return claimed && entityFromRow(this.txHost.tx, OrderEntity, claimed);
  }

  /** The business id of the order `_id`. */
  async orderidOf(id: string): Promise<string | undefined> {
    // Compared as text: an `_id` that is no uuid finds nothing instead of failing.
    const order = await this.orders
      .createQueryBuilder('o')
      .select('o.orderid')
      .where('o.id::text = :id', { id })
      .getOne();
    return order?.orderid;
  }

  /** The admin's retry of a flagged order: pending again under its next generation. */
  async reopen(id: string): Promise<Pick<Order, 'orderid' | 'deliveryGeneration'> | undefined> {
    const row = await guardedUpdate<{ orderid: string; delivery_generation: number }>(
      this.txHost.tx,
      `UPDATE orders SET delivery_status = 'pending', attention = NULL, delivery_generation = delivery_generation + 1,
         updated_at = now()
       WHERE id::text = $1 AND status = 'Processing' AND is_api AND delivery_status = ANY($2::text[])
       RETURNING orderid, delivery_generation`,
      [id, moveTo(['needs_attention'], 'pending')],
    );
    return row && { orderid: row.orderid, deliveryGeneration: row.delivery_generation };
  }

  /**
   * A flagged order whose packs turned out fine (a late answer proved the one in doubt): pending
   * again under its next generation, as an admin's retry would make it.
   */
  async reopenFlagged(
    orderid: string,
  ): Promise<Pick<Order, 'orderid' | 'deliveryGeneration'> | undefined> {
    const row = await guardedUpdate<{ orderid: string; delivery_generation: number }>(
      this.txHost.tx,
      `UPDATE orders SET delivery_status = 'pending', attention = NULL, delivery_generation = delivery_generation + 1,
         updated_at = now()
       WHERE orderid = $1 AND status = 'Processing' AND is_api AND delivery_status = ANY($2::text[])
       RETURNING orderid, delivery_generation`,
      [orderid, moveTo(['needs_attention'], 'pending')],
    );
    return row && { orderid: row.orderid, deliveryGeneration: row.delivery_generation };
  }

  /** Locks a paid API-backed order for an admin's ruling on one of its packs. */
  async lockForRuling(id: string): Promise<Pick<Order, 'orderid' | 'itemIdArray'> | undefined> {
    const order = await this.orders
      .createQueryBuilder('o')
      .select(['o.orderid', 'o.itemIdArray'])
      .where('o.id::text = :id', { id })
      .andWhere({ status: 'Processing', isApi: true })
      .setLock('pessimistic_write')
      .getOne();
    return order ?? undefined;
  }

  /** Flags a locked order with an admin's note (it waits for the admin's next step). */
  async note(orderid: string, note: string) {
    await this.orders.update(
      { orderid, deliveryStatus: In(sourcesOf(deliveryTransitions, 'needs_attention')) },
      { deliveryStatus: 'needs_attention', attention: note, updatedAt: () => 'now()' },
    );
  }

  /** Flags the order of the run of `generation` for the admin, with the reason. */
  async flag(order: Pick<Order, 'orderid' | 'deliveryGeneration'>, reason: string) {
    await this.orders.update(
      {
        orderid: order.orderid,
        status: 'Processing',
        deliveryGeneration: order.deliveryGeneration,
        deliveryStatus: In(moveTo(deliveryOpen, 'needs_attention')),
      },
      { deliveryStatus: 'needs_attention', attention: reason, updatedAt: () => 'now()' },
    );
  }

  /** Hands the order of the run of `generation` back to wait with a note; the sweep retries it. */
  async wait(order: Pick<Order, 'orderid' | 'deliveryGeneration'>, note: string) {
    await this.orders.update(
      {
        orderid: order.orderid,
        status: 'Processing',
        deliveryGeneration: order.deliveryGeneration,
        deliveryStatus: In(moveTo(deliveryOpen, 'pending')),
      },
      { deliveryStatus: 'pending', attention: note, updatedAt: () => 'now()' },
    );
  }

  /** Removes the note `note` from the order, if it is still the order's note. */
  async clearNote(orderid: string, note: string) {
    await this.orders.update(
      { orderid, attention: note },
      { attention: null, updatedAt: () => 'now()' },
    );
  }

  /** Paid API-backed orders whose delivery is still open, for the sweep. */
  async open(limit = 500): Promise<Array<Pick<Order, 'orderid' | 'deliveryGeneration'>>> {
    // `deliveryOpen` written out, so the planner can use the partial index of these rows.
    return (
      this.orders
        .createQueryBuilder('o')
        .select(['o.orderid', 'o.deliveryGeneration'])
        .where(
          `o.status = 'Processing' AND o.isApi AND o.deliveryStatus IN ('pending', 'in_progress')`,
        )
        // Just paid or reopened (pending, no note): the enqueue after that commit may be on its way.
        .andWhere(
          `NOT (o.deliveryStatus = 'pending' AND o.attention IS NULL
              AND o.updatedAt > now() - make_interval(secs => :grace / 1000.0))`,
          { grace: ENQUEUE_GRACE_MS },
        )
        .orderBy('o.createdAt')
        .limit(limit)
        .getMany()
    );
  }

  /** Takes the next delivery generation if `generation` is still current (one winner, SQL: a guarded move). */
  async nextGeneration(orderid: string, generation: number): Promise<number | undefined> {
    const row = await guardedUpdate<{ delivery_generation: number }>(
      this.txHost.tx,
      `UPDATE orders SET delivery_generation = delivery_generation + 1
       WHERE orderid = $1 AND delivery_generation = $2 AND status = 'Processing'
         AND delivery_status = ANY($3::text[])
       RETURNING delivery_generation`,
      [orderid, generation, deliveryOpen],
    );
    return row?.delivery_generation;
  }
}
