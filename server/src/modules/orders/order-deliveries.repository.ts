import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { entityFromRow } from '../../database/entity-rows.js';
import { guardedUpdate } from '../../database/transactions.js';
import { Injectable } from '@nestjs/common';
import { requireMoves, sourcesOf } from '../../common/state-machine.js';
import { deliveryOpen, fulfilmentTransitions, type FulfilmentStatus } from './fulfilment-state.js';
import { OrderEntity } from './order.entity.js';
import type { Order } from './order.js';

const moveTo = (from: readonly FulfilmentStatus[], to: FulfilmentStatus) =>
  requireMoves('fulfilment', fulfilmentTransitions, from, to);

/**
 * The delivery side of a paid API-backed order, for the delivery module: every move of
 * `fulfilment_status` checked against `fulfilmentTransitions`, each a guarded UPDATE (those that
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
      `UPDATE orders SET fulfilment_status = 'in_progress', updated_at = now()
       WHERE orderid = $1 AND status = 'Processing' AND is_api AND fulfil_generation = $2
         AND fulfilment_status = ANY($3::text[]) RETURNING *`,
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
  async reopen(id: string): Promise<Pick<Order, 'orderid' | 'fulfilGeneration'> | undefined> {
    const row = await guardedUpdate<{ orderid: string; fulfil_generation: number }>(
      this.txHost.tx,
      `UPDATE orders SET fulfilment_status = 'pending', attention = NULL, fulfil_generation = fulfil_generation + 1,
         updated_at = now()
       WHERE id::text = $1 AND status = 'Processing' AND is_api AND fulfilment_status = ANY($2::text[])
       RETURNING orderid, fulfil_generation`,
      [id, moveTo(['needs_attention'], 'pending')],
    );
    return row && { orderid: row.orderid, fulfilGeneration: row.fulfil_generation };
  }

  /**
   * A flagged order whose packs turned out fine (a late answer proved the one in doubt): pending
   * again under its next generation, as an admin's retry would make it.
   */
  async reopenFlagged(
    orderid: string,
  ): Promise<Pick<Order, 'orderid' | 'fulfilGeneration'> | undefined> {
    const row = await guardedUpdate<{ orderid: string; fulfil_generation: number }>(
      this.txHost.tx,
      `UPDATE orders SET fulfilment_status = 'pending', attention = NULL, fulfil_generation = fulfil_generation + 1,
         updated_at = now()
       WHERE orderid = $1 AND status = 'Processing' AND is_api AND fulfilment_status = ANY($2::text[])
       RETURNING orderid, fulfil_generation`,
      [orderid, moveTo(['needs_attention'], 'pending')],
    );
    return row && { orderid: row.orderid, fulfilGeneration: row.fulfil_generation };
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
      { orderid, fulfilmentStatus: In(sourcesOf(fulfilmentTransitions, 'needs_attention')) },
      { fulfilmentStatus: 'needs_attention', attention: note, updatedAt: () => 'now()' },
    );
  }

  /** Flags the order of the run of `generation` for the admin, with the reason. */
  async flag(order: Pick<Order, 'orderid' | 'fulfilGeneration'>, reason: string) {
    await this.orders.update(
      {
        orderid: order.orderid,
        status: 'Processing',
        fulfilGeneration: order.fulfilGeneration,
        fulfilmentStatus: In(moveTo(deliveryOpen, 'needs_attention')),
      },
      { fulfilmentStatus: 'needs_attention', attention: reason, updatedAt: () => 'now()' },
    );
  }

  /** Hands the order of the run of `generation` back to wait with a note; the sweep retries it. */
  async wait(order: Pick<Order, 'orderid' | 'fulfilGeneration'>, note: string) {
    await this.orders.update(
      {
        orderid: order.orderid,
        status: 'Processing',
        fulfilGeneration: order.fulfilGeneration,
        fulfilmentStatus: In(moveTo(deliveryOpen, 'pending')),
      },
      { fulfilmentStatus: 'pending', attention: note, updatedAt: () => 'now()' },
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
  async open(limit = 500): Promise<Array<Pick<Order, 'orderid' | 'fulfilGeneration'>>> {
    // `deliveryOpen` written out, so the planner can use the partial index of these rows.
    return this.orders
      .createQueryBuilder('o')
      .select(['o.orderid', 'o.fulfilGeneration'])
      .where(
        `o.status = 'Processing' AND o.isApi AND o.fulfilmentStatus IN ('pending', 'in_progress')`,
      )
      .orderBy('o.createdAt')
      .limit(limit)
      .getMany();
  }

  /** Takes the next delivery generation if `generation` is still current (one winner, SQL: a guarded move). */
  async nextGeneration(orderid: string, generation: number): Promise<number | undefined> {
    const row = await guardedUpdate<{ fulfil_generation: number }>(
      this.txHost.tx,
      `UPDATE orders SET fulfil_generation = fulfil_generation + 1
       WHERE orderid = $1 AND fulfil_generation = $2 AND status = 'Processing'
         AND fulfilment_status = ANY($3::text[])
       RETURNING fulfil_generation`,
      [orderid, generation, deliveryOpen],
    );
    return row?.fulfil_generation;
  }
}
