import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  Authenticated,
  CurrentUser,
  SignedOutMessage,
  type AuthUser,
} from '../../common/auth/auth.decorators.js';
import { Messages } from '../../common/messages.js';
import { CouponsService } from './coupons.service.js';
import { CouponValidateDto, CouponValidationDto } from './dto/coupon.dto.js';

@ApiTags('Coupons')
@Controller('coupon')
export class CouponsController {
  constructor(private readonly service: CouponsService) {}

  @Post('validatecoupon')
  @HttpCode(200)
  @Authenticated()
  @SignedOutMessage(Messages.couponLoginRequired)
  @ApiOkResponse({ type: CouponValidationDto })
  validate(@CurrentUser() auth: AuthUser, @Body() dto: CouponValidateDto) {
    return this.service.validate(auth, dto);
  }
}
