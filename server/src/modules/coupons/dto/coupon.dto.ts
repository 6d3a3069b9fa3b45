import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Messages } from '@zstore/contract/messages';

export class CouponValidateDto {
  @ApiProperty()
  @IsOptional()
  @IsString({ message: Messages.couponEnterCode })
  @MaxLength(40, { message: Messages.couponInvalid })
  couponCode?: string;

  @ApiProperty({ description: "The item's _id" })
  @IsOptional()
  @IsString({ message: Messages.selectPackAndDetails })
  item_id?: string;
}

export class CouponValidationDto {
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
  @ApiProperty({ description: 'Rupees' }) originalPrice: number;
  @ApiProperty({ description: 'Rupees' }) appliedDiscount: number;
  @ApiProperty({ description: 'Rupees' }) finalPrice: number;
}
