import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidateIf,
} from 'class-validator';
import { AddressOrRange, trim } from '../reseller-api.dto.js';
import { REFERENCE_PATTERN } from '../reseller-order-view.js';

/** What a reseller may change on their own key. */
export class ResellerKeyChangesDto {
  @ApiPropertyOptional({ maxLength: 60 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Give the key a label.' })
  @IsNotEmpty({ message: 'Give the key a label.' })
  @MaxLength(60, { message: 'The label is at most 60 characters.' })
  label?: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'Addresses or CIDR ranges the key may be used from; empty for anywhere',
    maxItems: 20,
  })
  @IsOptional()
  @IsArray({ message: 'allowedIps is a list.' })
  @ArrayMaxSize(20, { message: 'allowedIps holds at most 20 entries.' })
  @Validate(AddressOrRange, { each: true })
  allowedIps?: string[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Where order events are sent (https in production); null or empty removes it',
    maxLength: 500,
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null && value !== '')
  @IsString({ message: 'callbackUrl is a URL.' })
  @MaxLength(500, { message: 'callbackUrl is at most 500 characters.' })
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true, require_tld: false },
    { message: 'callbackUrl is a URL.' },
  )
  callbackUrl?: string | null;
}

/** The admin may also set the key's rate limit. */
export class ResellerAdminKeyChangesDto extends ResellerKeyChangesDto {
  @ApiPropertyOptional({ description: 'Requests a minute', minimum: 1, maximum: 100000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'rateLimit is a whole number of requests a minute.' })
  @Min(1, { message: 'rateLimit is at least 1.' })
  @Max(100_000, { message: 'rateLimit is at most 100000.' })
  rateLimit?: number;
}

export class CallbackLogQueryDto {
  @ApiPropertyOptional({ description: "Only this order's events (the reseller's reference)" })
  @IsOptional()
  @Matches(REFERENCE_PATTERN, { message: 'reference is 1-64 letters, digits, _ or -.' })
  reference?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit is a whole number from 1 to 200.' })
  @Min(1, { message: 'limit is a whole number from 1 to 200.' })
  @Max(200, { message: 'limit is a whole number from 1 to 200.' })
  limit?: number;
}

export class CallbackAttemptDto {
  @ApiProperty({ format: 'date-time' }) attemptedAt: string;
  @ApiProperty({ type: Number, nullable: true, description: "The receiver's HTTP status" })
  statusCode: number | null;
  @ApiProperty() latencyMs: number;
  @ApiProperty({ type: String, nullable: true, description: 'The first 500 bytes of the answer' })
  answer: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why there was no answer' })
  error: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  nextAttemptAt: string | null;
}

export class CallbackEventDto {
  @ApiProperty({ example: 'evt_0123456789abcdef01234567' }) eventId: string;
  @ApiProperty({ example: 'order.completed' }) type: string;
  @ApiProperty() orderid: string;
  @ApiProperty() reference: string;
  @ApiProperty() url: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'given_up'] }) state: string;
  @ApiProperty() attempts: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) nextAttemptAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deliveredAt: string | null;
  @ApiProperty({ type: [CallbackAttemptDto] }) log: CallbackAttemptDto[];
}

export class CallbackLogDto {
  @ApiProperty({ type: [CallbackEventDto] }) events: CallbackEventDto[];
}
