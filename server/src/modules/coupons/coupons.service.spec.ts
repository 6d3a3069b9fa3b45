import { applyCoupon } from './coupons.service.js';

const percentage = (pct: number, cap = 0) => ({
  discountType: 'percentage' as const,
  discountAmount: 0,
  discountPercentage: pct,
  maxDiscountAmount: cap,
});
const fixed = (amount: number) => ({
  discountType: 'fixed' as const,
  discountAmount: amount,
  discountPercentage: 0,
  maxDiscountAmount: 0,
});

describe('coupon arithmetic (whole rupees)', () => {
  it('rounds a percentage discount up and the total down', () => {
    expect(applyCoupon(percentage(10), 11_900)).toEqual({
      price: 11_900,
      discount: 1_200,
      total: 10_700,
    });
    expect(applyCoupon(percentage(10), 1_250)).toEqual({
      price: 1_250,
      discount: 250,
      total: 1_000,
    });
    expect(applyCoupon(percentage(12.5), 10_000)).toEqual({
      price: 10_000,
      discount: 1_300,
      total: 8_700,
    });
  });

  it('caps a percentage at maxDiscountAmount when above 0', () => {
    expect(applyCoupon(percentage(50, 3), 11_900).total).toBe(11_600);
    expect(applyCoupon(percentage(50, 0), 11_900).total).toBe(5_900);
  });

  it('takes a fixed amount and never goes below zero', () => {
    expect(applyCoupon(fixed(20), 23_499).total).toBe(21_400);
    expect(applyCoupon(fixed(500), 11_900)).toEqual({ price: 11_900, discount: 11_900, total: 0 });
  });
});
