import { Injectable, Logger } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import pRetry from 'p-retry';
import {
  MooGoldAdapter,
  moogoldAccountFields,
  type MooGoldApiType,
} from '../../providers/moogold/moogold.adapter.js';
import { SmileOneAdapter, type SmileRegion } from '../../providers/smileone/smileone.adapter.js';
import { SupplierRefusal } from '../../providers/supplier-http.js';
import type { PlayerRefusal } from '../orders/customer-reasons.js';
import type { Order } from '../orders/orders.repository.js';
import {
  classifySupplierFailure,
  MOOGOLD_PLAYER_STATES,
  playerRefusalOf,
} from './supplier-refusals.js';
import { KeptAnswers } from './kept-answers.js';
import {
  SupplierPurchasesRepository,
  type PurchaseStatus,
  type SupplierPurchase,
} from './supplier-purchases.repository.js';

/** Sends of one pack that could not reach the supplier before the order waits for the admin. */
export const MAX_SEND_TRIES = 5;
/** How often and how many times one run asks MooGold about an order still `processing`. */
const POLL_MS = 1_000;
const POLL_TIMES = 10;
/** Writes of a supplier's answer before the run gives up (about 6 s in all). */
const ANSWER_WRITE_TRIES = 6;
/** The first pause between writes of an answer; it doubles each time. */
const ANSWER_WRITE_BACKOFF_MS = 200;
export type PackOutcome =
  | { kind: 'confirmed' }
  /** A pack another run had left `unknown` turned out bought: the order may go on. */
  | { kind: 'late-confirmed' }
  | { kind: 'player' | 'store' | 'unknown'; reason: string; refusal?: PlayerRefusal }
  | { kind: 'retry' }
  | { kind: 'superseded' };

/** Another run (a stalled job's re-run, the admin's retry) moved the pack first: it owns it now. */
const SUPERSEDED: PackOutcome = { kind: 'superseded' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Buying one pack from its supplier (Smile.one or MooGold): every step is a guarded move of the
 * pack's `supplier_purchases` row, so a run that lost the pack to another run stops (`superseded`).
 */
@Injectable()
export class SupplierPackBuyer {
  private readonly logger = new Logger('Delivery');

  constructor(
    private readonly purchases: SupplierPurchasesRepository,
    private readonly smileone: SmileOneAdapter,
    private readonly moogold: MooGoldAdapter,
    private readonly answers: KeptAnswers,
  ) {}

  /** Buys one pack, or follows where an earlier run left it; says how the pack ended. */
  async buy(order: Order, row: SupplierPurchase): Promise<PackOutcome> {
    if (row.supplier === 'smileone' && (row.status === 'sent' || row.status === 'unknown')) {
      // A Smile.one answer a run received but could not write: the purchase is proven.
      const kept = await this.answers.find(row.reference);
      if (kept) return this.confirmSmileOne(row, kept);
    }
    if (row.status === 'unknown') return { kind: 'unknown', reason: Messages.deliveryUnknown };
    if (row.status === 'failed') {
      return { kind: row.failure ?? 'store', reason: row.error ?? Messages.deliveryRefused };
    }
    if (row.supplier === 'moogold') {
      if (row.status === 'sent') return this.followMooGold(row);
      return this.sendMooGold(order, row);
    }
    if (row.status === 'sent') {
      // A Smile.one pack sent by a run that died: it may have been bought. Never resent.
      if (
        !(await this.purchases.move(row, ['sent'], 'unknown', { error: Messages.deliveryUnknown }))
      ) {
        return SUPERSEDED;
      }
      return { kind: 'unknown', reason: Messages.deliveryUnknown };
    }
    return this.sendSmileOne(order, row);
  }

  private async sendSmileOne(order: Order, row: SupplierPurchase): Promise<PackOutcome> {
    if (!(await this.purchases.move(row, ['reserved'], 'sent', { countTry: true }))) {
      return SUPERSEDED;
    }
    let orderId: string;
    try {
      ({ orderId } = await this.smileone.createorder(order.apiType as SmileRegion, {
        userid: order.input1,
        zoneid: order.input2,
        productid: row.productRef,
      }));
    } catch (error) {
      return this.failed(row, error, false);
    }
    // Smile.one has no status call: this answer is the only proof of the purchase. It is
    // logged at once and kept outside PostgreSQL until it is written.
    this.logger.log(`pack ${row.reference}: bought as Smile.one order ${orderId}`);
    await this.answers.keep(row.reference, orderId);
    return this.confirmSmileOne(row, orderId);
  }

  /**
   * Writes a Smile.one answer: the pack is `confirmed`, also when another run had meanwhile
   * left it `unknown` (the answer proves the purchase). Not written, the answer stays kept and
   * the job's retry writes it.
   */
  private async confirmSmileOne(row: SupplierPurchase, orderId: string): Promise<PackOutcome> {
    const moved = (from: PurchaseStatus) =>
      this.recordAnswer(row, () =>
        this.purchases.move(row, [from], 'confirmed', { supplierReference: orderId }),
      );
    if (await moved('sent')) {
      await this.answers.forget(row.reference);
      return { kind: 'confirmed' };
    }
    if (await moved('unknown')) {
      await this.answers.forget(row.reference);
      this.logger.warn(`pack ${row.reference}: answered late as Smile.one order ${orderId}`);
      return { kind: 'late-confirmed' };
    }
    await this.answers.forget(row.reference);
    return SUPERSEDED;
  }

  private async sendMooGold(order: Order, row: SupplierPurchase): Promise<PackOutcome> {
    if (!(await this.purchases.move(row, ['reserved'], 'sent', { countTry: true }))) {
      return SUPERSEDED;
    }
    let orderId: string;
    try {
      ({ orderId } = await this.moogold.createOrder({
        partnerOrderId: row.reference,
        productId: row.productRef,
        fields: moogoldAccountFields(order.apiType as MooGoldApiType, order.input1, order.input2),
      }));
    } catch (error) {
      if (error instanceof SupplierRefusal && error.code === '420') return this.followMooGold(row);
      return this.failed(row, error, true);
    }
    const recorded = await this.recordAnswer(row, () =>
      this.purchases.move(row, ['sent'], 'sent', { supplierReference: orderId }),
    );
    return recorded ? this.followMooGold(row) : SUPERSEDED;
  }

  /**
   * Writes what a supplier answered, trying again in this run when the database refuses for a
   * moment; given up, the run fails and its job's retry writes the answer (Smile.one's is kept
   * for it, MooGold's is looked up by our reference).
   */
  private recordAnswer(row: SupplierPurchase, write: () => Promise<boolean>): Promise<boolean> {
    return pRetry(write, {
      retries: ANSWER_WRITE_TRIES - 1,
      minTimeout: ANSWER_WRITE_BACKOFF_MS,
      onFailedAttempt: ({ retriesLeft }) => {
        if (retriesLeft > 0) {
          this.logger.warn(`pack ${row.reference}: recording the answer failed, trying again`);
        }
      },
    });
  }

  /** Follows a MooGold pack by our reference until it completes or is refunded. */
  private async followMooGold(row: SupplierPurchase): Promise<PackOutcome> {
    for (let poll = 0; poll < POLL_TIMES; poll += 1) {
      let detail;
      try {
        detail = await this.moogold.orderDetailByPartnerId(row.reference);
      } catch (error) {
        this.logger.warn(`pack ${row.reference}: ${(error as Error).message}`);
        return { kind: 'retry' };
      }
      if (!detail) {
        // MooGold never took it: buy it again on the next run.
        if (!(await this.purchases.move(row, ['sent'], 'reserved'))) return SUPERSEDED;
        return { kind: 'retry' };
      }
      if (detail.order_status === 'completed') {
        const moved = await this.purchases.move(row, ['sent'], 'confirmed', {
          supplierReference: String(detail.order_id),
        });
        return moved ? { kind: 'confirmed' } : SUPERSEDED;
      }
      if (MOOGOLD_PLAYER_STATES.has(detail.order_status)) {
        const reason = `${Messages.deliveryRefusedByPlayer} (${detail.order_status})`;
        const moved = await this.purchases.move(row, ['sent'], 'failed', {
          failure: 'player',
          error: reason,
        });
        const refusal =
          detail.order_status === 'incorrect-details' ? 'unknown-player' : 'details-refused';
        return moved ? { kind: 'player', reason, refusal } : SUPERSEDED;
      }
      await sleep(POLL_MS);
    }
    return { kind: 'retry' };
  }

  private async failed(
    row: SupplierPurchase,
    error: unknown,
    canLookUp: boolean,
  ): Promise<PackOutcome> {
    const kind = classifySupplierFailure(error);
    const detail = (error as Error).message;
    this.logger.warn(`pack ${row.reference}: ${detail}`);
    if (kind === 'retryable') {
      if (!(await this.purchases.move(row, ['sent'], 'reserved', { error: detail }))) {
        return SUPERSEDED;
      }
      if (row.tries + 1 < MAX_SEND_TRIES) return { kind: 'retry' };
      const reason = `${Messages.deliverySupplierUnavailable} (${detail})`;
      const moved = await this.purchases.move(row, ['reserved'], 'failed', {
        failure: 'store',
        error: reason,
      });
      return moved ? { kind: 'store', reason } : SUPERSEDED;
    }
    if (kind === 'unknown') {
      if (canLookUp) return this.followMooGold(row);
      const moved = await this.purchases.move(row, ['sent'], 'unknown', { error: detail });
      return moved ? { kind: 'unknown', reason: Messages.deliveryUnknown } : SUPERSEDED;
    }
    const reason =
      error instanceof SupplierRefusal ? `${error.code} ${error.reason}`.trim() : detail;
    const moved = await this.purchases.move(row, ['sent'], 'failed', {
      failure: kind,
      error: reason,
    });
    return moved ? { kind, reason, refusal: playerRefusalOf(error) } : SUPERSEDED;
  }
}
