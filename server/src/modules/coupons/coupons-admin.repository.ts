import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { containsPattern } from '../../common/http/list-filters.js';
import { SqlWhere } from '../../database/sql-where.js';
import { isUuid } from '../../common/http/list-filters.js';
import type { CouponFields } from './coupons-admin.input.js';
import { mapAdminCouponRow, type AdminCoupon, type AdminCouponRow } from './coupon-rows.js';

export const COUPON_SORT: Record<string, string> = {
  id: 'created_at',
  couponCode: 'coupon_code',
  discountType: 'discount_type',
  expiryDate: 'expiry_date',
  isActive: 'is_active',
  usedCount: 'used_count',
  usageLimit: 'usage_limit',
};

const COLUMNS = `id, coupon_code, discount_type, discount_amount, discount_percentage,
  to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date, minimum_item_quantity, min_purchase_amount,
  max_discount_amount, is_active, usage_limit, user_limit, used_count, description`;

const values = (coupon: CouponFields) => [
  coupon.couponCode,
  coupon.discountType,
  coupon.discountAmount,
  coupon.discountPercentage,
  coupon.expiryDate,
  coupon.minimumItemQuantity,
  coupon.minPurchaseAmount,
  coupon.maxDiscountAmount,
  coupon.isActive,
  coupon.usageLimit,
  coupon.userLimit,
  coupon.description,
];

/** The console's coupon reads and writes. Deleted coupons stay for the orders that used them. */
@Injectable()
export class CouponsAdminRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async list(query: ListQuery): Promise<{ rows: AdminCoupon[]; total: number }> {
    const filter = new SqlWhere().and('deleted_at IS NULL');
    const { q, id } = query.filter;
    if (Array.isArray(id)) filter.and('id::text = ANY($?::text[])', id.map(String));
    if (typeof q === 'string' && q) {
      filter.and('coupon_code ILIKE $?', containsPattern(q));
    }
    const page = filter.page(query.limit, query.offset);
    const order = `${COUPON_SORT[query.sortField] ?? 'created_at'} ${query.sortOrder}, id`;
    const [rows, [{ total }]] = await Promise.all([
      this.txHost.tx.query<AdminCouponRow[]>(
        `SELECT ${COLUMNS} FROM coupons ${filter} ORDER BY ${order} ${page.sql}`,
        page.params,
      ),
      this.txHost.tx.query<[{ total: number }]>(
        `SELECT count(*)::int AS total FROM coupons ${filter}`,
        filter.params,
      ),
    ]);
    return { rows: rows.map(mapAdminCouponRow), total };
  }

  async all(): Promise<AdminCoupon[]> {
    const rows: AdminCouponRow[] = await this.txHost.tx.query(
      `SELECT ${COLUMNS} FROM coupons WHERE deleted_at IS NULL ORDER BY created_at DESC, id`,
    );
    return rows.map(mapAdminCouponRow);
  }

  async get(id: string, lock = false): Promise<AdminCoupon | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: AdminCouponRow[] = await this.txHost.tx.query(
      `SELECT ${COLUMNS} FROM coupons WHERE id = $1 AND deleted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ? mapAdminCouponRow(rows[0]) : undefined;
  }

  async insert(coupon: CouponFields): Promise<string> {
    const rows: Array<{ id: string }> = await this.txHost.tx.query(
      `INSERT INTO coupons (coupon_code, discount_type, discount_amount, discount_percentage, expiry_date,
                            minimum_item_quantity, min_purchase_amount, max_discount_amount, is_active, usage_limit,
                            user_limit, description)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      values(coupon),
    );
    return rows[0].id;
  }

  async update(id: string, coupon: CouponFields) {
    await this.txHost.tx.query(
      `UPDATE coupons SET coupon_code = $1, discount_type = $2, discount_amount = $3, discount_percentage = $4,
              expiry_date = $5, minimum_item_quantity = $6, min_purchase_amount = $7, max_discount_amount = $8,
              is_active = $9, usage_limit = $10, user_limit = $11, description = $12, updated_at = now()
       WHERE id = $13`,
      [...values(coupon), id],
    );
  }

  /** Hidden and unusable; orders keep their coupon reference, and uses still in flight can be given back. */
  async softDelete(id: string) {
    await this.txHost.tx.query(
      'UPDATE coupons SET deleted_at = now(), is_active = false, updated_at = now() WHERE id = $1',
      [id],
    );
  }
}
