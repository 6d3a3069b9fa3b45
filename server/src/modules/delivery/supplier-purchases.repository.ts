import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';

export type PurchaseStatus = 'reserved' | 'sent' | 'confirmed' | 'failed' | 'unknown';

export interface PurchaseRow {
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
  updated_at: Date;
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
    supplier: PurchaseRow['supplier'],
    productRef: string,
  ): Promise<PurchaseRow> {
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
    return rows[0] ?? (await this.get(orderid, pack));
  }

  private async get(orderid: string, pack: number): Promise<PurchaseRow> {
    const rows: PurchaseRow[] = await this.txHost.tx.query(
      'SELECT * FROM supplier_purchases WHERE orderid = $1 AND pack = $2',
      [orderid, pack],
    );
    return rows[0];
  }

  list(orderid: string): Promise<PurchaseRow[]> {
    return this.txHost.tx.query(
      'SELECT * FROM supplier_purchases WHERE orderid = $1 ORDER BY pack',
      [orderid],
    );
  }

  /** Moves the pack from `from`; false when it was not there (another worker moved it). */
  async move(
    row: Pick<PurchaseRow, 'orderid' | 'pack'>,
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

  /** The admin's retry: failed packs are bought again; confirmed and unknown ones are not. */
  async reopenFailed(orderid: string) {
    await this.txHost.tx.query(
      `UPDATE supplier_purchases SET status = 'reserved', failure = NULL, tries = 0, updated_at = now()
       WHERE orderid = $1 AND status = 'failed'`,
      [orderid],
    );
  }

  async confirmedCount(orderid: string) {
    const [{ count }] = await this.txHost.tx.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM supplier_purchases WHERE orderid = $1 AND status = 'confirmed'`,
      [orderid],
    );
    return count;
  }
}
