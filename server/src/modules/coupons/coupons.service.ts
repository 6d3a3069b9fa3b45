import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Injectable } from '@nestjs/common';
import { MoreThan } from 'typeorm';
import { entityFromRow } from '../../database/entity-rows.js';
import { guardedUpdate } from '../../database/transactions.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { Clock } from '../../common/clock.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { commerceError, CommerceErrorCode } from '../../common/errors/commerce-errors.js';
import { istIsoDate } from '../../common/india-time.js';
import { toRupees } from '../../common/money.js';
import { Role } from '../../common/auth/role.js';
import type { Coupon } from './coupon-rows.js';
import { CouponUserUseEntity } from './coupon-user-use.entity.js';
import { CouponEntity } from './coupon.entity.js';
import type { CouponValidateDto, CouponValidationDto } from './dto/coupon.dto.js';

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
    Coupon,
    'discountType' | 'discountAmount' | 'discountPercentage' | 'maxDiscountAmount'
  >,
  pricePaise: number,
): CouponPrice {
  let discountRupees: number;
  if (coupon.discountType === 'percentage') {
    const basisPoints = Math.round(coupon.discountPercentage * 100);
    discountRupees = Math.ceil((pricePaise * basisPoints) / 1_000_000);
    const cap = coupon.maxDiscountAmount;
    if (cap > 0) discountRupees = Math.min(discountRupees, cap);
  } else {
    discountRupees = coupon.discountAmount;
  }
  const totalRupees = Math.max(0, Math.floor((pricePaise - discountRupees * 100) / 100));
  const total = totalRupees * 100;
  return { price: pricePaise, discount: pricePaise - total, total };
}

const normalise = (code: string) => code.trim().toUpperCase();

@Injectable()
export class CouponsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
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
    const price = item.discountedprice;
    const coupon = await this.find(code);
    if (!coupon) {
      throw commerceError(
        CommerceErrorCode.CouponInvalid,
        Messages.couponInvalid,
        HttpStatus.BAD_REQUEST,
      );
    }
    this.checkUsable(coupon, price);
    const mine = await this.txHost.tx
      .getRepository(CouponUserUseEntity)
      .findOneBy({ couponId: coupon.id, userId: auth.id });
    if (coupon.usedCount >= coupon.usageLimit) {
      throw commerceError(
        CommerceErrorCode.CouponExhausted,
        Messages.couponExhausted,
        HttpStatus.CONFLICT,
      );
    }
    if ((mine?.used ?? 0) >= coupon.userLimit) {
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

  /** SQL on the checkout path: the builder costs about twice the CPU of this lookup. */
  async find(code: string): Promise<Coupon | undefined> {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      'SELECT * FROM coupons WHERE coupon_code = $1 AND deleted_at IS NULL',
      [normalise(code)],
    );
    return rows[0] && entityFromRow(this.txHost.tx, CouponEntity, rows[0]);
  }

  /** Active, not past the end of its expiry day in India, and the price meets the minimum. */
  private checkUsable(coupon: Coupon, pricePaise: number) {
    if (!coupon.isActive || coupon.expiryDate < istIsoDate(this.clock.now())) {
      throw commerceError(
        CommerceErrorCode.CouponExpired,
        Messages.couponExpired,
        HttpStatus.BAD_REQUEST,
      );
    }
    const minimum = coupon.minPurchaseAmount;
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
    code: string,
    userId: string,
    pricePaise: number,
  ): Promise<{ coupon: Coupon; price: CouponPrice }> {
    const coupon = await this.find(code);
    if (!coupon) {
      throw commerceError(
        CommerceErrorCode.CouponInvalid,
        Messages.couponInvalid,
        HttpStatus.BAD_REQUEST,
      );
    }
    this.checkUsable(coupon, pricePaise);
    // SQL: guarded counts, checked and changed in one statement each (the checkout path).
    const taken = await guardedUpdate<{ used_count: number }>(
      this.txHost.tx,
      `UPDATE coupons SET used_count = used_count + 1, updated_at = now()
       WHERE id = $1 AND is_active AND used_count < usage_limit AND expiry_date >= $2::date RETURNING used_count`,
      [coupon.id, istIsoDate(this.clock.now())],
    );
    if (taken === undefined) {
      const fresh = await this.find(code);
      if (!fresh || !fresh.isActive) {
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
    await this.txHost.tx.query(
      `INSERT INTO coupon_user_uses (coupon_id, user_id, used) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`,
      [coupon.id, userId],
    );
    const mine = await guardedUpdate<{ used: number }>(
      this.txHost.tx,
      `UPDATE coupon_user_uses SET used = used + 1 WHERE coupon_id = $1 AND user_id = $2 AND used < $3 RETURNING used`,
      [coupon.id, userId, coupon.userLimit],
    );
    if (mine === undefined) {
      throw commerceError(
        CommerceErrorCode.CouponUserLimit,
        Messages.couponUserLimit,
        HttpStatus.CONFLICT,
      );
    }
    return { coupon, price: applyCoupon(coupon, pricePaise) };
  }

  /** Gives one use back (the order ended Failed or Refunded); the caller guards "once". */
  async giveBack(couponId: string, userId: string) {
    await this.txHost.tx
      .getRepository(CouponEntity)
      .update(
        { id: couponId, usedCount: MoreThan(0) },
        { usedCount: () => 'used_count - 1', updatedAt: () => 'now()' },
      );
    await this.txHost.tx
      .getRepository(CouponUserUseEntity)
      .update({ couponId, userId, used: MoreThan(0) }, { used: () => 'used - 1' });
  }

  async create(coupon: {
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
  }) {
    await this.txHost.tx.getRepository(CouponEntity).insert({
      couponCode: normalise(coupon.couponCode),
      discountType: coupon.discountType,
      discountAmount: coupon.discountAmount ?? 0,
      discountPercentage: coupon.discountPercentage ?? 0,
      expiryDate: coupon.expiryDate,
      minPurchaseAmount: coupon.minPurchaseAmount ?? 0,
      maxDiscountAmount: coupon.maxDiscountAmount ?? 0,
      usageLimit: coupon.usageLimit,
      userLimit: coupon.userLimit,
      isActive: coupon.isActive ?? true,
      description: coupon.description ?? '',
    });
  }
}
