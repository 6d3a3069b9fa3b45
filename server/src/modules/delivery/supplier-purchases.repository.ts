import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';

export type PurchaseStatus = 'reserved' | 'sent' | 'confirmed' | 'failed' | 'unknown';

/** A `supplier_purchases` row as PostgreSQL answers it; read only by `mapPurchaseRow`. */
interface PurchaseRow {
  orderid: string;
  pack: number;
  supplier: 'smileone' | 'moogold';
  product_ref: string;
  reference: string;
  supplier_reference: string | null;
  status: PurchaseStatus;
  failure: 'player' | 'store' | null;
  tries: number;
  error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** One pack of an order bought from a supplier, and where its purchase stands. */
export interface SupplierPurchase {
  orderid: string;
  /** 1-based, in the order of the order's `itemIdArray`. */
  pack: number;
  supplier: 'smileone' | 'moogold';
  /** The supplier's product id of the pack. */
  productRef: string;
  /** Our reference for the purchase (`<orderid>-<pack>`), sent to MooGold. */
  reference: string;
  supplierReference: string | null;
  status: PurchaseStatus;
  failure: 'player' | 'store' | null;
  /** Sends that could not reach the supplier. */
  tries: number;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function mapPurchaseRow(row: PurchaseRow): SupplierPurchase {
  return {
    orderid: row.orderid,
    pack: row.pack,
    supplier: row.supplier,
    productRef: row.product_ref,
    reference: row.reference,
    supplierReference: row.supplier_reference,
    status: row.status,
    failure: row.failure,
    tries: row.tries,
    error: row.error,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * `supplier_purchases`: each pack's row is written before the pack is bought, and every change
 * is a guarded UPDATE from the state the caller saw, so two workers never both send a pack.
 */
@Injectable()
export class SupplierPurchasesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The pack's row, made `reserved` the first time. */
  async reserve(
    orderid: string,
    pack: number,
    supplier: SupplierPurchase['supplier'],
    productRef: string,
  ): Promise<SupplierPurchase> {
    // One round trip: the new row, or the one an earlier run left.
    const rows: PurchaseRow[] = await this.txHost.tx.query(
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
    return rows[0] ? mapPurchaseRow(rows[0]) : await this.get(orderid, pack);
  }

  private async get(orderid: string, pack: number): Promise<SupplierPurchase> {
    const rows: PurchaseRow[] = await this.txHost.tx.query(
      'SELECT * FROM supplier_purchases WHERE orderid = $1 AND pack = $2',
      [orderid, pack],
    );
    return mapPurchaseRow(rows[0]);
  }

  async list(orderid: string): Promise<SupplierPurchase[]> {
    const rows: PurchaseRow[] = await this.txHost.tx.query(
      'SELECT * FROM supplier_purchases WHERE orderid = $1 ORDER BY pack',
      [orderid],
    );
    return rows.map(mapPurchaseRow);
  }

  /** Moves the pack from `from`; false when it was not there (another worker moved it). */
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
        from,
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
    await this.txHost.tx.query(
      `UPDATE supplier_purchases SET status = 'reserved', failure = NULL, error = $3,
         tries = greatest(tries - 1, 0), updated_at = now()
       WHERE orderid = $1 AND pack = $2 AND status = 'failed'`,
      [row.orderid, row.pack, reason],
    );
  }

  /** The admin's retry: failed packs are bought again; confirmed and unknown ones are not. */
  async reopenFailed(orderid: string) {
    await this.txHost.tx.query(
      `UPDATE supplier_purchases SET status = 'reserved', failure = NULL, tries = 0, updated_at = now()
       WHERE orderid = $1 AND status = 'failed'`,
      [orderid],
    );
  }

  /** Packs of the order whose outcome the admin would have to settle (`unknown`, `failed`). */
  async inDoubtCount(orderid: string) {
    const [{ count }] = await this.txHost.tx.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM supplier_purchases
       WHERE orderid = $1 AND status IN ('unknown', 'failed')`,
      [orderid],
    );
    return count;
  }

  async confirmedCount(orderid: string) {
    const [{ count }] = await this.txHost.tx.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM supplier_purchases WHERE orderid = $1 AND status = 'confirmed'`,
      [orderid],
    );
    return count;
  }
}
