import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Authenticated,
  CurrentUser,
  SignedOutMessage,
  type AuthUser,
} from '../../common/auth/auth.decorators.js';
import { Messages } from '@zstore/contract/messages';
import { CouponsService } from './coupons.service.js';
import { perUser, RateLimit } from '../../common/http/rate-limit.js';
import { CouponValidateDto, CouponValidationDto } from './dto/coupon.dto.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { ErrorBodyWithError } from '../../common/openapi/error-body.js';
import { EdgeBody } from '../../common/http/validated-body.js';
import { ClientErrorField } from '../../common/http/client-error-field.js';

@ApiTags('Coupons')
@ClientErrorField('error')
@Controller('coupon')
export class CouponsController {
  constructor(private readonly service: CouponsService) {}

  @Post('validatecoupon')
  @ApiOperation({ summary: 'Check a coupon against an item and work out the discount' })
  @ApiErrors(
    ErrorBodyWithError,
    401,
    [400, 'VALIDATION', 'COUPON_INVALID', 'COUPON_EXPIRED', 'COUPON_MINIMUM'],
    [403, 'BLOCKED', 'COUPON_NOT_ALLOWED'],
    [409, 'COUPON_EXHAUSTED', 'COUPON_USER_LIMIT'],
    429,
  )
  @HttpCode(200)
  @Authenticated()
  @SignedOutMessage(Messages.couponLoginRequired)
  @RateLimit(perUser('coupon', (limits) => limits.userActions))
  @ApiOkResponse({ type: CouponValidationDto })
  validate(@CurrentUser() auth: AuthUser, @EdgeBody() dto: CouponValidateDto) {
    return this.service.validate(auth, dto);
  }
}
