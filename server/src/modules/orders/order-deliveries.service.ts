import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { guardedUpdate } from '../../database/transactions.js';
import { Injectable } from '@nestjs/common';
import { requireMoves, sourcesOf } from '../../common/state-machine.js';
import { deliveryOpen, fulfilmentTransitions, type FulfilmentStatus } from './fulfilment-state.js';
import { mapOrderRow, type Order, type OrderRow } from './order.js';

const moveTo = (from: readonly FulfilmentStatus[], to: FulfilmentStatus) =>
  requireMoves('fulfilment', fulfilmentTransitions, from, to);

/**
 * The delivery side of a paid API-backed order, for the delivery module: every move of
 * `fulfilment_status` checked against `fulfilmentTransitions`, each a guarded UPDATE.
 */
@Injectable()
export class OrderDeliveries {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Claims the order for the run of `generation`; undefined when another generation owns it. */
  async claim(orderid: string, generation: number): Promise<Order | undefined> {
    const claimed = await guardedUpdate<OrderRow>(
      this.txHost.tx,
      `UPDATE orders SET fulfilment_status = 'in_progress', updated_at = now()
       WHERE orderid = $1 AND status = 'Processing' AND is_api AND fulfil_generation = $2
         AND fulfilment_status = ANY($3::text[]) RETURNING *`,
      [orderid, generation, moveTo(deliveryOpen, 'in_progress')],
    );
    return claimed && mapOrderRow(claimed);
  }

  /** The business id of the order `_id`. */
  async orderidOf(id: string): Promise<string | undefined> {
    const [order] = await this.txHost.tx.query<Array<Pick<OrderRow, 'orderid'>>>(
      'SELECT orderid FROM orders WHERE id::text = $1',
      [id],
    );
    return order?.orderid;
  }

  /** The admin's retry of a flagged order: pending again under its next generation. */
  async reopen(id: string): Promise<Pick<Order, 'orderid' | 'fulfilGeneration'> | undefined> {
    const row = await guardedUpdate<Pick<OrderRow, 'orderid' | 'fulfil_generation'>>(
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
    const row = await guardedUpdate<Pick<OrderRow, 'orderid' | 'fulfil_generation'>>(
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
    const [order] = await this.txHost.tx.query<Array<Pick<OrderRow, 'orderid' | 'itemidarray'>>>(
      `SELECT orderid, itemidarray FROM orders
         WHERE id::text = $1 AND status = 'Processing' AND is_api FOR UPDATE`,
      [id],
    );
    return order && { orderid: order.orderid, itemIdArray: order.itemidarray };
  }

  /** Flags a locked order with an admin's note (it waits for the admin's next step). */
  async note(orderid: string, note: string) {
    await this.txHost.tx.query(
      `UPDATE orders SET fulfilment_status = 'needs_attention', attention = $2, updated_at = now()
         WHERE orderid = $1 AND fulfilment_status = ANY($3::text[])`,
      [orderid, note, sourcesOf(fulfilmentTransitions, 'needs_attention')],
    );
  }

  /** Flags the order of the run of `generation` for the admin, with the reason. */
  async flag(order: Pick<Order, 'orderid' | 'fulfilGeneration'>, reason: string) {
    await this.txHost.tx.query(
      `UPDATE orders SET fulfilment_status = 'needs_attention', attention = $3, updated_at = now()
       WHERE orderid = $1 AND status = 'Processing' AND fulfil_generation = $2
         AND fulfilment_status = ANY($4::text[])`,
      [order.orderid, order.fulfilGeneration, reason, moveTo(deliveryOpen, 'needs_attention')],
    );
  }

  /** Hands the order of the run of `generation` back to wait with a note; the sweep retries it. */
  async wait(order: Pick<Order, 'orderid' | 'fulfilGeneration'>, note: string) {
    await this.txHost.tx.query(
      `UPDATE orders SET fulfilment_status = 'pending', attention = $3, updated_at = now()
       WHERE orderid = $1 AND status = 'Processing' AND fulfil_generation = $2
         AND fulfilment_status = ANY($4::text[])`,
      [order.orderid, order.fulfilGeneration, note, moveTo(deliveryOpen, 'pending')],
    );
  }

  /** Removes the note `note` from the order, if it is still the order's note. */
  async clearNote(orderid: string, note: string) {
    await this.txHost.tx.query(
      'UPDATE orders SET attention = NULL, updated_at = now() WHERE orderid = $1 AND attention = $2',
      [orderid, note],
    );
  }

  /** Paid API-backed orders whose delivery is still open, for the sweep. */
  async open(limit = 500): Promise<Array<Pick<Order, 'orderid' | 'fulfilGeneration'>>> {
    // `deliveryOpen` written out, so the planner can use the partial index of these rows.
    const rows: Array<Pick<OrderRow, 'orderid' | 'fulfil_generation'>> = await this.txHost.tx.query(
      `SELECT orderid, fulfil_generation FROM orders
       WHERE status = 'Processing' AND is_api AND fulfilment_status IN ('pending', 'in_progress')
       ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ orderid: row.orderid, fulfilGeneration: row.fulfil_generation }));
  }

  /** Takes the next delivery generation if `generation` is still current (one winner). */
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
