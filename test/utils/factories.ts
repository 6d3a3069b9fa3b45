import type { TestApp } from './app.js';

/** A coupon row as the tests need it; every field has a usable default. */
export interface CouponFields {
  discount_type: 'percentage' | 'fixed';
  /** Paise, for fixed coupons. */
  discount_amount: number;
  discount_percentage: number;
  expiry_date: string;
  min_purchase_amount: number;
  max_discount_amount: number;
  usage_limit: number;
  user_limit: number;
  is_active: boolean;
  used_count: number;
}

const couponDefaults: CouponFields = {
  discount_type: 'fixed',
  discount_amount: 0,
  discount_percentage: 0,
  expiry_date: '2031-01-01',
  min_purchase_amount: 0,
  max_discount_amount: 0,
  usage_limit: 100,
  user_limit: 5,
  is_active: true,
  used_count: 0,
};

/** Writes a coupon straight into the database and returns its id. */
export async function createCoupon(
  app: Pick<TestApp, 'sql'>,
  code: string,
  fields: Partial<CouponFields> = {},
): Promise<string> {
  const row = { ...couponDefaults, ...fields };
  const columns = Object.keys(row) as Array<keyof CouponFields>;
  const [created] = await app.sql<{ id: string }>(
    `INSERT INTO coupons (coupon_code, ${columns.join(', ')})
     VALUES ($1, ${columns.map((_, index) => `$${index + 2}`).join(', ')}) RETURNING id`,
    [code, ...columns.map((column) => row[column])],
  );
  return created.id;
}
