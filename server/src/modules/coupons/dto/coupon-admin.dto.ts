import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import {
  Always,
  IfGiven,
  toFlag,
  toNumberFromText,
  trimWithin,
} from '../../../common/http/form-fields.js';
import { DropsUnknownFields } from '../../../common/http/validation.js';
import { Messages } from '@zstore/contract/messages';
import { istIsoDate } from '../../../common/india-time.js';
import type { AdminCoupon } from '../coupon-rows.js';

export class AdminCouponDto {
  @ApiProperty({ description: 'Equals _id' }) id: string;
  @ApiProperty() _id: string;
  @ApiProperty() couponCode: string;
  @ApiProperty({ enum: ['percentage', 'fixed'] }) discountType: 'percentage' | 'fixed';
  @ApiProperty({ description: 'Whole rupees' }) discountAmount: number;
  @ApiProperty() discountPercentage: number;
  @ApiProperty({ example: '2026-12-31' }) expiryDate: string;
  @ApiProperty() minimumItemQuantity: number;
  @ApiProperty({ description: 'Whole rupees' }) minPurchaseAmount: number;
  @ApiProperty({ description: 'Whole rupees; 0 means no cap' }) maxDiscountAmount: number;
  @ApiProperty() isActive: boolean;
  @ApiProperty() usageLimit: number;
  @ApiProperty() userLimit: number;
  @ApiProperty() usedCount: number;
  @ApiProperty() description: string;
}

export function mapAdminCoupon(coupon: AdminCoupon): AdminCouponDto {
  return {
    id: coupon.id,
    _id: coupon.id,
    couponCode: coupon.couponCode,
    discountType: coupon.discountType,
    discountAmount: coupon.discountAmount,
    discountPercentage: coupon.discountPercentage,
    expiryDate: coupon.expiryDate,
    minimumItemQuantity: coupon.minimumItemQuantity,
    minPurchaseAmount: coupon.minPurchaseAmount,
    maxDiscountAmount: coupon.maxDiscountAmount,
    isActive: coupon.isActive,
    usageLimit: coupon.usageLimit,
    userLimit: coupon.userLimit,
    usedCount: coupon.usedCount,
    description: coupon.description,
  };
}

/**
 * The India calendar day a coupon expires at the end of: a date as given (anything after its
 * first ten characters ignored), or, for an instant (a console's local midnight sent as ISO
 * time), the day it falls on in India. Undefined when it is no real date.
 */
export function couponDayOf(value: unknown): string | undefined {
  const given = typeof value === 'string' ? value.trim() : '';
  const instant = /^\d{4}-\d{2}-\d{2}T/.test(given) ? new Date(given) : undefined;
  const text =
    instant && !Number.isNaN(instant.getTime()) ? istIsoDate(instant) : given.slice(0, 10);
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
  return valid ? text : undefined;
}

/** 0 to 100 with at most two decimals. */
export const isPercentage = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  value >= 0 &&
  value <= 100 &&
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A whole number of at least `minimum` (a count, or whole rupees). */
export const isWholeNumber = (value: unknown, minimum: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum;

const IsWholeNumber = (
  minimum: number,
  message: string,
  validateIf?: ValidationOptions['validateIf'],
) =>
  ValidateBy(
    {
      name: 'isWholeNumber',
      validator: { validate: (value: unknown) => isWholeNumber(value, minimum) },
    },
    { message, validateIf },
  );

/** A code trimmed, then, within 40 characters, upper-cased without spaces. */
const toCouponCode = ({ value }: { value: unknown }) => {
  const code = typeof value === 'string' ? value.trim() : value;
  return typeof code === 'string' && code.length <= 40
    ? code.toUpperCase().replace(/\s+/g, '')
    : code;
};

/** A percentage's text as the number; a blank text stays as it is. */
const toPercentage = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() ? Number(value) : value;

interface CouponDiscount {
  discountType?: unknown;
}

/**
 * The coupon form (spec 002 section 5), checked in the spec's order: the required fields, then
 * the discount. A create needs every required field; an edit checks only the fields it carries
 * and keeps the others (a discount whose type it leaves out is checked against the stored type).
 */
function couponForm(mode: 'create' | 'edit') {
  const create = mode === 'create';
  const ifGiven = create ? Always() : IfGiven();
  const code = { message: Messages.couponCodeRequired };
  const discountIs = (type: string) => (form: CouponDiscount, value: unknown) =>
    form.discountType === type && (create || value !== undefined);

  @DropsUnknownFields()
  class Form {
    @ApiProperty({ required: create, maxLength: 40, description: 'Upper-cased, spaces removed' })
    @ifGiven
    @Transform(toCouponCode)
    @IsString(code)
    @IsNotEmpty(code)
    @MaxLength(40, code)
    couponCode?: string;

    @ApiProperty({
      required: create,
      example: '2026-12-31',
      description:
        'The India day it expires at the end of (an ISO instant counts as its India day)',
    })
    @ifGiven
    @Transform(({ value }: { value: unknown }) => couponDayOf(value) ?? value)
    @ValidateBy(
      {
        name: 'isCouponDay',
        validator: {
          validate: (value) => typeof value === 'string' && couponDayOf(value) === value,
        },
      },
      { message: Messages.couponExpiryRequired },
    )
    expiryDate?: string;

    @ApiProperty({ required: create, minimum: 1 })
    @ifGiven
    @Transform(toNumberFromText)
    @IsWholeNumber(1, Messages.couponMinimumQuantityRequired)
    minimumItemQuantity?: number;

    @ApiProperty({ required: create, minimum: 0, description: 'Whole rupees' })
    @ifGiven
    @Transform(toNumberFromText)
    @IsWholeNumber(0, Messages.couponMinPurchaseRequired)
    minPurchaseAmount?: number;

    @ApiProperty({ required: create, minimum: 0, description: 'Whole rupees; 0 means no cap' })
    @ifGiven
    @Transform(toNumberFromText)
    @IsWholeNumber(0, Messages.couponMaxDiscountRequired)
    maxDiscountAmount?: number;

    @ApiProperty({ required: create, minimum: 1 })
    @ifGiven
    @Transform(toNumberFromText)
    @IsWholeNumber(1, Messages.couponUsageLimitRequired)
    usageLimit?: number;

    @ApiProperty({ required: create, minimum: 1 })
    @ifGiven
    @Transform(toNumberFromText)
    @IsWholeNumber(1, Messages.couponUserLimitRequired)
    userLimit?: number;

    @ApiProperty({ required: create, enum: ['percentage', 'fixed'] })
    @ifGiven
    @IsIn(['percentage', 'fixed'], { message: Messages.couponDiscountTypeRequired })
    discountType?: 'percentage' | 'fixed';

    @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 100, description: 'With percentage' })
    @Transform(toPercentage)
    @ValidateBy(
      { name: 'isPercentage', validator: { validate: isPercentage } },
      { message: Messages.couponPercentageInvalid, validateIf: discountIs('percentage') },
    )
    discountPercentage?: unknown;

    @ApiPropertyOptional({ type: Number, minimum: 0, description: 'Whole rupees, with fixed' })
    @Transform(toNumberFromText)
    @IsWholeNumber(0, Messages.couponAmountInvalid, discountIs('fixed'))
    discountAmount?: unknown;

    @ApiPropertyOptional({ type: Boolean, description: 'true, false or their texts' })
    @Transform(toFlag)
    @IsOptional()
    @IsBoolean({ message: Messages.flagInvalid })
    isActive?: boolean | null;

    @ApiPropertyOptional({ maxLength: 500 })
    @Transform(trimWithin(500))
    @IsOptional()
    @IsString({ message: Messages.textTooLong })
    @MaxLength(500, { message: Messages.textTooLong })
    description?: string | null;
  }
  return Form;
}

/** `createcoupon` and the console's coupon create. */
export class CouponWriteDto extends couponForm('create') {}

/** `editcoupon` and the console's coupon update: fields left out keep their values. */
export class CouponEditDto extends couponForm('edit') {}

export type CouponForm = CouponWriteDto | CouponEditDto;

export class CouponMessageDto {
  @ApiProperty() message: string;
  @ApiPropertyOptional({ type: AdminCouponDto }) coupon?: AdminCouponDto;
}
