import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { Messages } from '@zstore/contract/messages';
import { ORDER_STATUSES } from '@zstore/contract/statuses';
import { isAddressOrRange } from './ip-allow-list.js';
import { REFERENCE_PATTERN } from './reseller-order-view.js';
import { SANDBOX_TOPUP_MAX_PAISE } from './reseller-sandbox.service.js';

const details = { message: Messages.selectPackAndDetails };
export const trim = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** An IP address or CIDR range of a key's allow-list. */
@ValidatorConstraint({ name: 'addressOrRange' })
export class AddressOrRange implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && isAddressOrRange(value);
  }
  defaultMessage() {
    return 'allowedIps holds addresses or CIDR ranges, such as 203.0.113.0/24.';
  }
}

export class ResellerCreateKeyDto {
  @ApiProperty({ description: 'A name for the key, shown in lists and on orders', maxLength: 60 })
  @Transform(trim)
  @IsString({ message: 'Give the key a label.' })
  @IsNotEmpty({ message: 'Give the key a label.' })
  @MaxLength(60, { message: 'The label is at most 60 characters.' })
  label: string;

  @ApiProperty({ enum: ['live', 'test'], description: 'live spends Z-Coins; test the sandbox' })
  @IsIn(['live', 'test'], { message: 'mode is live or test.' })
  mode: 'live' | 'test';

  @ApiPropertyOptional({
    type: [String],
    description: 'Addresses or CIDR ranges the key may be used from; none means anywhere',
    maxItems: 20,
  })
  @IsOptional()
  @IsArray({ message: 'allowedIps is a list.' })
  @ArrayMaxSize(20, { message: 'allowedIps holds at most 20 entries.' })
  @Validate(AddressOrRange, { each: true })
  allowedIps?: string[];

  @ApiPropertyOptional({ description: 'Where order events are sent (https)', maxLength: 500 })
  @IsOptional()
  @IsString({ message: 'callbackUrl is a URL.' })
  @MaxLength(500, { message: 'callbackUrl is at most 500 characters.' })
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true, require_tld: false },
    { message: 'callbackUrl is a URL.' },
  )
  callbackUrl?: string;
}

export class ResellerKeyDto {
  @ApiProperty({ example: 'rk_live_abcdefghijklmnopqrst' })
  keyId: string;
  @ApiProperty()
  label: string;
  @ApiProperty({ enum: ['live', 'test'] })
  mode: string;
  @ApiProperty({ type: [String] })
  allowedIps: string[];
  @ApiProperty({ type: String, nullable: true })
  callbackUrl: string | null;
  @ApiProperty({ description: 'Requests a minute' })
  rateLimit: number;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;
}

export class ResellerCreatedKeyDto extends ResellerKeyDto {
  @ApiProperty({ description: 'Shown this once: 32 random bytes, base64url' })
  secret: string;
}

export class ResellerKeyListDto {
  @ApiProperty({ type: [ResellerKeyDto] })
  keys: ResellerKeyDto[];
}

export class ResellerBalanceDto {
  @ApiProperty({ description: 'Paise' })
  balance_paise: number;
  @ApiProperty({ enum: ['INR'] })
  currency: 'INR';
  @ApiProperty({ enum: ['live', 'test'] })
  mode: string;
}

export class ResellerPriceItemDto {
  @ApiProperty() item_id: string;
  @ApiProperty() itemid: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: "This reseller's price, paise" }) price_paise: number;
  @ApiProperty() in_stock: boolean;
}

export class ResellerInputRulesDto {
  @ApiProperty({ enum: ['playerId', 'email'] }) input1: string;
  @ApiProperty({ enum: ['zone', 'server', 'text'] }) input2: string;
}

export class ResellerPriceProductDto {
  @ApiProperty() product_id: string;
  @ApiProperty() name: string;
  @ApiProperty() type: string;
  @ApiProperty() category: string;
  @ApiProperty({ type: [String] }) inputs: string[];
  @ApiProperty({ type: ResellerInputRulesDto }) input_rules: ResellerInputRulesDto;
  @ApiProperty({ type: [ResellerPriceItemDto] }) items: ResellerPriceItemDto[];
}

export class ResellerPriceListDto {
  @ApiProperty({ type: [ResellerPriceProductDto] })
  products: ResellerPriceProductDto[];
}

export class ResellerPlayerCheckDto {
  @ApiProperty({ maxLength: 64 })
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  product_id: string;

  @ApiProperty({ maxLength: 254 })
  @Transform(trim)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(254, details)
  input1: string;

  @ApiProperty({ maxLength: 64 })
  @Transform(trim)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  input2: string;
}

export class ResellerPlayerCheckAnswerDto {
  @ApiProperty() valid: boolean;
  @ApiPropertyOptional() username?: string;
  @ApiProperty() message: string;
}

export class ResellerPlaceOrderDto {
  @ApiProperty({
    description: 'Your own id for the order: the idempotency key, forever',
    pattern: REFERENCE_PATTERN.source,
    maxLength: 64,
  })
  @IsString({ message: 'reference is 1-64 characters of A-Z, a-z, 0-9, _ and -.' })
  @Matches(REFERENCE_PATTERN, {
    message: 'reference is 1-64 characters of A-Z, a-z, 0-9, _ and -.',
  })
  reference: string;

  @ApiProperty({ description: 'item_id from GET /products', maxLength: 64 })
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  item_id: string;

  @ApiProperty({ description: 'Player id, or the e-mail for OTT products', maxLength: 254 })
  @Transform(trim)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(254, details)
  input1: string;

  @ApiProperty({ description: 'Zone, server or second detail', maxLength: 64 })
  @Transform(trim)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  input2: string;

  @ApiPropertyOptional({ description: "Overrides the key's callback URL for this order" })
  @IsOptional()
  @IsString({ message: 'callback_url is a URL.' })
  @MaxLength(500, { message: 'callback_url is a URL.' })
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true, require_tld: false },
    { message: 'callback_url is a URL.' },
  )
  callback_url?: string;
}

export class ResellerRefundDto {
  @ApiProperty() amount_paise: number;
  @ApiProperty() reason: string;
}

export class ResellerOrderDto {
  @ApiProperty() orderid: string;
  @ApiProperty() reference: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status: string;
  @ApiProperty() item_id: string;
  @ApiProperty() item_name: string;
  @ApiProperty() product_name: string;
  @ApiProperty() input1: string;
  @ApiProperty() input2: string;
  @ApiPropertyOptional({ description: 'In-game name, when the check found one' })
  username?: string;
  @ApiProperty() price_paise: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiPropertyOptional({ format: 'date-time' }) completed_at?: string;
  @ApiPropertyOptional({ type: ResellerRefundDto }) refund?: ResellerRefundDto;
}

export class ResellerOrderAnswerDto {
  @ApiProperty({ type: ResellerOrderDto })
  order: ResellerOrderDto;
}

export class ResellerOrderListDto {
  @ApiProperty({ type: [ResellerOrderDto] })
  orders: ResellerOrderDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for older orders' })
  next_cursor: string | null;
}

export class ResellerOrderListQueryDto {
  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: 'status is one of the order statuses.' })
  status?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Orders created at or after this' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'since is an ISO 8601 time.' })
  since?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit is 1 to 200.' })
  @Min(1, { message: 'limit is 1 to 200.' })
  @Max(200, { message: 'limit is 1 to 200.' })
  limit?: number;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'The cursor is not valid.' })
  @MaxLength(200, { message: 'The cursor is not valid.' })
  cursor?: string;
}

export class ResellerStatementQueryDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'Default: 30 days before to' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from is an ISO 8601 time.' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Default: now' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to is an ISO 8601 time.' })
  to?: string;
}

export class ResellerDashboardStatementQueryDto extends ResellerStatementQueryDto {
  @ApiPropertyOptional({ enum: ['live', 'test'], default: 'live' })
  @IsOptional()
  @IsIn(['live', 'test'], { message: 'mode is live or test.' })
  mode?: 'live' | 'test';
}

export class ResellerSandboxTopupDto {
  @ApiProperty({ minimum: 1, maximum: SANDBOX_TOPUP_MAX_PAISE, description: 'Paise' })
  @IsInt({ message: `amount_paise is a whole number from 1 to ${SANDBOX_TOPUP_MAX_PAISE}.` })
  @Min(1, { message: `amount_paise is a whole number from 1 to ${SANDBOX_TOPUP_MAX_PAISE}.` })
  @Max(SANDBOX_TOPUP_MAX_PAISE, {
    message: `amount_paise is a whole number from 1 to ${SANDBOX_TOPUP_MAX_PAISE}.`,
  })
  amount_paise: number;
}
