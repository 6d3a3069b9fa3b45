import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '../../common/messages.js';
import { Clock } from '../../common/clock.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { commerceError, CommerceErrorCode } from '../ledger/commerce-errors.js';
import { istIsoDate, toRupees } from '../ledger/money.js';
import { Role } from '../users/entities/user.entity.js';
import type { CouponValidateDto, CouponValidationDto } from './dto/coupon.dto.js';

export interface CouponRow {
  id: string;
  coupon_code: string;
  discount_type: 'percentage' | 'fixed';
  discount_amount: string;
  discount_percentage: string;
  expiry_date: string;
  min_purchase_amount: string;
  max_discount_amount: string;
  is_active: boolean;
  usage_limit: number;
  user_limit: number;
  used_count: number;
}

export interface CouponPrice {
  /** Paise. */
  price: number;
  discount: number;
  total: number;
}

/**
 * DESIGN section 4 arithmetic, in whole rupees: the discount is rounded up, the total down and
 * never below zero; prices may carry paise. Works in integers throughout.
 */
export function applyCoupon(
  coupon: Pick<
    CouponRow,
    'discount_type' | 'discount_amount' | 'discount_percentage' | 'max_discount_amount'
  >,
  pricePaise: number,
): CouponPrice {
  let discountRupees: number;
  if (coupon.discount_type === 'percentage') {
    const basisPoints = Math.round(Number(coupon.discount_percentage) * 100);
    discountRupees = Math.ceil((pricePaise * basisPoints) / 1_000_000);
    const cap = Number(coupon.max_discount_amount);
    if (cap > 0) discountRupees = Math.min(discountRupees, cap);
  } else {
    discountRupees = Number(coupon.discount_amount);
  }
  const totalRupees = Math.max(0, Math.floor((pricePaise - discountRupees * 100) / 100));
  const total = totalRupees * 100;
  return { price: pricePaise, discount: pricePaise - total, total };
}

const normalise = (code: string) => code.trim().toUpperCase();

@Injectable()
export class CouponsService {
  constructor(
    private readonly db: DataSource,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
  ) {}

  /** Refuses callers the spec keeps away from coupons (resellers). */
  requireCouponUser(auth: AuthUser) {
    if (auth.role === Role.Reseller) {
      throw commerceError(
        CommerceErrorCode.CouponNotAllowed,
        Messages.couponResellers,
        HttpStatus.FORBIDDEN,
      );
    }
  }

  async validate(auth: AuthUser, dto: CouponValidateDto): Promise<CouponValidationDto> {
    this.requireCouponUser(auth);
    const code = normalise(dto.couponCode ?? '');
    if (!code) throw AppError.badRequest(Messages.couponEnterCode);
    const item = await this.catalog.getItem(dto.item_id ?? '');
    if (!item) throw AppError.badRequest(Messages.selectPackAndDetails);
    const price = Number(item.discountedprice);
    const coupon = await this.find(code);
    if (!coupon) {
      throw commerceError(
        CommerceErrorCode.CouponInvalid,
        Messages.couponInvalid,
        HttpStatus.BAD_REQUEST,
      );
    }
    this.checkUsable(coupon, price);
    const uses: Array<{ used: number }> = await this.db.query(
      'SELECT used FROM coupon_user_uses WHERE coupon_id = $1 AND user_id = $2',
      [coupon.id, auth.id],
    );
    if (coupon.used_count >= coupon.usage_limit) {
      throw commerceError(
        CommerceErrorCode.CouponExhausted,
        Messages.couponExhausted,
        HttpStatus.CONFLICT,
      );
    }
    if ((uses[0]?.used ?? 0) >= coupon.user_limit) {
      throw commerceError(
        CommerceErrorCode.CouponUserLimit,
        Messages.couponUserLimit,
        HttpStatus.CONFLICT,
      );
    }
    const result = applyCoupon(coupon, price);
    return {
      success: true,
      message: Messages.couponApplied,
      originalPrice: toRupees(result.price),
      appliedDiscount: toRupees(result.discount),
      finalPrice: toRupees(result.total),
    };
  }

  async find(
    code: string,
    manager: EntityManager = this.db.manager,
  ): Promise<CouponRow | undefined> {
    const rows: CouponRow[] = await manager.query(
      `SELECT id, coupon_code, discount_type, discount_amount, discount_percentage, to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date,
              min_purchase_amount, max_discount_amount, is_active, usage_limit, user_limit, used_count
       FROM coupons WHERE coupon_code = $1 AND deleted_at IS NULL`,
      [normalise(code)],
    );
    return rows[0];
  }

  /** Active, not past the end of its expiry day in India, and the price meets the minimum. */
  private checkUsable(coupon: CouponRow, pricePaise: number) {
    if (!coupon.is_active || coupon.expiry_date < istIsoDate(this.clock.now())) {
      throw commerceError(
        CommerceErrorCode.CouponExpired,
        Messages.couponExpired,
        HttpStatus.BAD_REQUEST,
      );
    }
    const minimum = Number(coupon.min_purchase_amount);
    if (pricePaise < minimum * 100) {
      throw commerceError(
        CommerceErrorCode.CouponMinimum,
        `${Messages.couponMinimumPrefix}${minimum}.`,
        HttpStatus.BAD_REQUEST,
      );
    }
  }

  /**
   * Takes one use of the coupon for `userId` inside the order's transaction, with guarded
   * updates (never read-then-write): the global count under `usage_limit`, the user's own count
   * under `user_limit`. Any refusal throws, rolling the order back.
   */
  async take(
    manager: EntityManager,
    code: string,
    userId: string,
    pricePaise: number,
  ): Promise<{ coupon: CouponRow; price: CouponPrice }> {
    const coupon = await this.find(code, manager);
    if (!coupon) {
      throw commerceError(
        CommerceErrorCode.CouponInvalid,
        Messages.couponInvalid,
        HttpStatus.BAD_REQUEST,
      );
    }
    this.checkUsable(coupon, pricePaise);
    const [, taken] = await manager.query<[unknown[], number]>(
      `UPDATE coupons SET used_count = used_count + 1, updated_at = now()
       WHERE id = $1 AND is_active AND used_count < usage_limit AND expiry_date >= $2::date RETURNING used_count`,
      [coupon.id, istIsoDate(this.clock.now())],
    );
    if (taken !== 1) {
      const fresh = await this.find(code, manager);
      if (!fresh || !fresh.is_active) {
        throw commerceError(
          CommerceErrorCode.CouponExpired,
          Messages.couponExpired,
          HttpStatus.BAD_REQUEST,
        );
      }
      throw commerceError(
        CommerceErrorCode.CouponExhausted,
        Messages.couponExhausted,
        HttpStatus.CONFLICT,
      );
    }
    await manager.query(
      `INSERT INTO coupon_user_uses (coupon_id, user_id, used) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`,
      [coupon.id, userId],
    );
    const [, mine] = await manager.query<[unknown[], number]>(
      `UPDATE coupon_user_uses SET used = used + 1 WHERE coupon_id = $1 AND user_id = $2 AND used < $3 RETURNING used`,
      [coupon.id, userId, coupon.user_limit],
    );
    if (mine !== 1) {
      throw commerceError(
        CommerceErrorCode.CouponUserLimit,
        Messages.couponUserLimit,
        HttpStatus.CONFLICT,
      );
    }
    return { coupon, price: applyCoupon(coupon, pricePaise) };
  }

  /** Gives one use back (the order ended Failed or Refunded); the caller guards "once". */
  async giveBack(manager: EntityManager, couponId: string, userId: string) {
    await manager.query(
      `UPDATE coupons SET used_count = used_count - 1, updated_at = now() WHERE id = $1 AND used_count > 0`,
      [couponId],
    );
    await manager.query(
      `UPDATE coupon_user_uses SET used = used - 1 WHERE coupon_id = $1 AND user_id = $2 AND used > 0`,
      [couponId, userId],
    );
  }

  async create(
    coupon: {
      couponCode: string;
      discountType: 'percentage' | 'fixed';
      discountAmount?: number;
      discountPercentage?: number;
      expiryDate: string;
      minPurchaseAmount?: number;
      maxDiscountAmount?: number;
      usageLimit: number;
      userLimit: number;
      isActive?: boolean;
      description?: string;
    },
    manager: EntityManager = this.db.manager,
  ) {
    await manager.query(
      `INSERT INTO coupons (coupon_code, discount_type, discount_amount, discount_percentage, expiry_date,
                            min_purchase_amount, max_discount_amount, usage_limit, user_limit, is_active, description)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        normalise(coupon.couponCode),
        coupon.discountType,
        coupon.discountAmount ?? 0,
        coupon.discountPercentage ?? 0,
        coupon.expiryDate,
        coupon.minPurchaseAmount ?? 0,
        coupon.maxDiscountAmount ?? 0,
        coupon.usageLimit,
        coupon.userLimit,
        coupon.isActive ?? true,
        coupon.description ?? '',
      ],
    );
  }
}
