import { istIsoDate } from '../../server/src/common/india-time.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { catalogEntry, newShopper, sessionOf, testItem, type Shopper } from './money.helpers.js';
import { createCoupon, type CouponFields } from '../utils/factories.js';

describe('POST /api/coupon/validatecoupon', () => {
  let app: TestApp;
  let shopper: Shopper;
  let diamonds: { itemId: string };
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60' });
    shopper = await newShopper(app);
    diamonds = await catalogEntry(app, 'Mobile Legends (Brazil server)', '86 Diamonds');
  });
  afterAll(() => app.close());

  const coupon = (code: string, fields: Partial<CouponFields>) =>
    createCoupon(app, code, { discount_type: 'percentage', ...fields });
  const validate = (who: Shopper, couponCode: unknown, itemId: string) =>
    app
      .http()
      .post('/api/coupon/validatecoupon')
      .set(who.auth)
      .send({ couponCode, item_id: itemId });

  it('applies a percentage coupon: discount rounded up, total rounded down', async () => {
    const response = await validate(shopper, 'welcome10', diamonds.itemId).expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Coupon applied!',
      originalPrice: 119,
      appliedDiscount: 12,
      finalPrice: 107,
    });
  });

  it('keeps the arithmetic in whole rupees for prices with paise, and caps percentages', async () => {
    const odd = await testItem(app, 1250);
    await coupon('TENPCT', { discount_percentage: 10 });
    const tenPct = await validate(shopper, 'TENPCT', odd.itemId).expect(200);
    expect(tenPct.body).toMatchObject({ originalPrice: 12.5, finalPrice: 10 });
    expect(tenPct.body.appliedDiscount).toBeCloseTo(2.5);
    await coupon('HALFCAP3', { discount_percentage: 50, max_discount_amount: 3 });
    const capped = await validate(shopper, 'HALFCAP3', diamonds.itemId).expect(200);
    expect(capped.body).toMatchObject({ appliedDiscount: 3, finalPrice: 116 });
    await coupon('HUGE', { discount_type: 'fixed', discount_amount: 5000 });
    const free = await validate(shopper, 'HUGE', diamonds.itemId).expect(200);
    expect(free.body).toMatchObject({ finalPrice: 0, appliedDiscount: 119 });
  });

  it('answers each refusal in the spec words, in `error`', async () => {
    const cases: Array<[unknown, number, string]> = [
      ['NOSUCHCODE', 400, 'Invalid coupon code.'],
      ['DIWALI24', 400, 'This coupon has expired.'],
      ['FLAT20', 400, 'This coupon needs a minimum purchase of ₹199.'],
      ['   ', 400, 'Please enter a coupon code.'],
    ];
    for (const [code, status, text] of cases) {
      const response = await validate(shopper, code, diamonds.itemId).expect(status);
      expect(response.body).toMatchObject({ error: text, message: text });
    }
    await coupon('USEDUP', { usage_limit: 1, used_count: 1 });
    expect((await validate(shopper, 'USEDUP', diamonds.itemId).expect(409)).body.error).toBe(
      'This coupon has reached its usage limit.',
    );
    const mine = await coupon('ONCEEACH', { user_limit: 1 });
    await app.sql('INSERT INTO coupon_user_uses (coupon_id, user_id, used) VALUES ($1, $2, 1)', [
      mine,
      shopper.id,
    ]);
    expect((await validate(shopper, 'ONCEEACH', diamonds.itemId).expect(409)).body.error).toBe(
      'You have already used this coupon.',
    );
    await coupon('PAUSED', { is_active: false, discount_percentage: 5 });
    expect((await validate(shopper, 'PAUSED', diamonds.itemId).expect(400)).body.error).toBe(
      'This coupon has expired.',
    );
  });

  it('is valid to the end of its expiry day in India', async () => {
    await coupon('LASTDAY', { discount_percentage: 5, expiry_date: istIsoDate(new Date()) });
    await validate(shopper, 'LASTDAY', diamonds.itemId).expect(200);
  });

  it('refuses resellers and anonymous callers', async () => {
    const reseller = await sessionOf(app, 'reseller@example.com');
    const response = await validate(reseller, 'WELCOME10', diamonds.itemId).expect(403);
    expect(response.body.error).toBe('Resellers cannot apply coupons.');
    await app
      .http()
      .post('/api/coupon/validatecoupon')
      .send({ couponCode: 'WELCOME10', item_id: diamonds.itemId })
      .expect(401);
  });

  it('needs a real item', async () => {
    const response = await validate(shopper, 'WELCOME10', 'nope').expect(400);
    expect(response.body.error).toBe(
      'Please select a pack and enter your details correctly before proceeding.',
    );
  });
});

describe('coupon validation rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('allows 30 checks a minute per user by default', async () => {
    const shopper = await newShopper(app);
    const { itemId } = await catalogEntry(app, 'Genshin Impact');
    for (let i = 0; i < 30; i += 1) {
      await app
        .http()
        .post('/api/coupon/validatecoupon')
        .set(shopper.auth)
        .send({ couponCode: 'WELCOME10', item_id: itemId })
        .expect(200);
    }
    const limited = await app
      .http()
      .post('/api/coupon/validatecoupon')
      .set(shopper.auth)
      .send({ couponCode: 'WELCOME10', item_id: itemId })
      .expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
