import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { requireMoves } from '../../common/state-machine.js';
import { entityFromRow } from '../../database/entity-rows.js';
import { foldTally } from '../../database/tallies.js';
import { PACK_TALLY } from './pack-tally.entity.js';
import { purchaseTransitions } from './purchase-state.js';
import { SupplierPurchaseEntity, type PurchaseStatus } from './supplier-purchase.entity.js';

export type { PurchaseStatus } from './supplier-purchase.entity.js';

/** One pack of an order bought from a supplier, and where its purchase stands. */
export type SupplierPurchase = SupplierPurchaseEntity;

/**
 * `supplier_purchases`: each pack's row is written before the pack is bought, and every change
 * is a guarded UPDATE from the state the caller saw, checked against `purchaseTransitions`, so
 * two workers never both send a pack.
 */
@Injectable()
export class SupplierPurchasesRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly db: DataSource,
  ) {}

  /** Folds the packs' pending tally changes into the tally, once enough are pending. */
  foldTally() {
    return foldTally(this.db, PACK_TALLY);
  }

  private get purchases() {
    return this.txHost.tx.getRepository(SupplierPurchaseEntity);
  }

  /** The pack's row, made `reserved` the first time. */
  async reserve(
    orderid: string,
    pack: number,
    supplier: SupplierPurchase['supplier'],
    productRef: string,
  ): Promise<SupplierPurchase> {
    // SQL: one round trip, the new row or the one an earlier run left.
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      `WITH created AS (
         INSERT INTO supplier_purchases (orderid, pack, supplier, product_ref, reference)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (orderid, pack) DO NOTHING RETURNING *
       )
       SELECT * FROM created
       UNION ALL
       SELECT * FROM supplier_purchases WHERE orderid = $1 AND pack = $2`,
      [orderid, pack, supplier, productRef, `${orderid}-${pack}`],
    );
    // A row another run inserted while this statement ran is not in its snapshot: read it now.
    return rows[0]
      ? entityFromRow(this.txHost.tx, SupplierPurchaseEntity, rows[0])
      : await this.purchases.findOneByOrFail({ orderid, pack });
  }

  list(orderid: string): Promise<SupplierPurchase[]> {
    return this.purchases.find({ where: { orderid }, order: { pack: 'ASC' } });
  }

  /**
   * Moves the pack from `from`; false when it was not there (another worker moved it).
   * SQL: a guarded move whose patch keeps what it does not name (CASE/coalesce).
   */
  async move(
    row: Pick<SupplierPurchase, 'orderid' | 'pack'>,
    from: PurchaseStatus[],
    to: PurchaseStatus,
    patch: {
      supplierReference?: string;
      failure?: 'player' | 'store';
      error?: string;
      countTry?: boolean;
    } = {},
  ): Promise<boolean> {
    const [, count] = await this.txHost.tx.query<[unknown, number]>(
      `UPDATE supplier_purchases SET status = $4::text, updated_at = now(),
         supplier_reference = coalesce($5, supplier_reference),
         failure = CASE WHEN $4::text = 'failed' THEN $6 ELSE NULL END,
         error = coalesce($7, error),
         tries = tries + CASE WHEN $8::boolean THEN 1 ELSE 0 END
       WHERE orderid = $1 AND pack = $2 AND status = ANY($3::text[])`,
      [
        row.orderid,
        row.pack,
        requireMoves('supplier purchase', purchaseTransitions, from, to),
        to,
        patch.supplierReference ?? null,
        patch.failure ?? null,
        patch.error ?? null,
        patch.countTry ?? false,
      ],
    );
    return count === 1;
  }

  /**
   * A failed pack the supplier refused for a cause that pauses it (our balance, our clock):
   * never bought, so it is opened again (its try not counted) with the refusal kept.
   */
  async reopenRefused(row: Pick<SupplierPurchase, 'orderid' | 'pack'>, reason: string) {
    await this.purchases.update(
      {
        orderid: row.orderid,
        pack: row.pack,
        status: In(requireMoves('supplier purchase', purchaseTransitions, ['failed'], 'reserved')),
      },
      {
        status: 'reserved',
        failure: null,
        error: reason,
        tries: () => 'greatest(tries - 1, 0)',
        updatedAt: () => 'now()',
      },
    );
  }

  /** The admin's retry: failed packs are bought again; confirmed and unknown ones are not. */
  async reopenFailed(orderid: string) {
    await this.purchases.update(
      {
        orderid,
        status: In(requireMoves('supplier purchase', purchaseTransitions, ['failed'], 'reserved')),
      },
      { status: 'reserved', failure: null, tries: 0, updatedAt: () => 'now()' },
    );
  }

  /** Packs of the order whose outcome the admin would have to settle (`unknown`, `failed`). */
  inDoubtCount(orderid: string) {
    return this.purchases.countBy({ orderid, status: In(['unknown', 'failed']) });
  }

  confirmedCount(orderid: string) {
    return this.purchases.countBy({ orderid, status: 'confirmed' });
  }
}
