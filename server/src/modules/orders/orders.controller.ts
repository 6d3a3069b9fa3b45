import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { PageQueryDto } from '../../common/http/page-query.dto.js';
import { ParseWholeNumberPipe } from '../../common/http/whole-number.pipe.js';
import {
  OrderCreateDto,
  OrderResponseDto,
  OrderStatusRequestDto,
  OrderStatusResponseDto,
  UpiOrderResponseDto,
  WalletOrderResponseDto,
} from './dto/order.dto.js';
import { OrdersService } from './orders.service.js';
import { Idempotent } from '../../common/idempotency/idempotent.js';
import { perUser, RateLimit } from '../../common/http/rate-limit.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { ErrorBodyWithError, ErrorBodyWithMsg } from '../../common/openapi/error-body.js';
import { EdgeBody } from '../../common/http/validated-body.js';
import { ClientErrorField } from '../../common/http/client-error-field.js';

const orderLimit = perUser('order', (limits) => limits.userActions);

@ApiTags('Orders')
@Controller('order')
export class OrdersController {
  constructor(private readonly service: OrdersService) {}

  @Post('createOrder')
  @ApiOperation({
    summary: 'Order a pack, paid by UPI',
    description:
      'Answers the payment page to send the buyer to. Send an Idempotency-Key so a retry never orders twice.',
  })
  @ApiErrors(
    ErrorBodyWithError,
    401,
    [400, 'VALIDATION', 'MOBILE_REQUIRED', 'COUPON_INVALID', 'COUPON_EXPIRED', 'COUPON_MINIMUM'],
    [403, 'BLOCKED', 'COUPON_NOT_ALLOWED'],
    404,
    [409, 'OUT_OF_STOCK', 'COUPON_EXHAUSTED', 'COUPON_USER_LIMIT', 'IDEMPOTENCY_IN_PROGRESS'],
    422,
    429,
    [503, 'PAYMENT_UNAVAILABLE', 'UNAVAILABLE'],
  )
  @HttpCode(200)
  @Authenticated()
  @Idempotent()
  @RateLimit(orderLimit)
  @ApiOkResponse({ type: UpiOrderResponseDto })
  @ClientErrorField('error')
  createOrder(@CurrentUser() auth: AuthUser, @EdgeBody() dto: OrderCreateDto) {
    return this.service.createUpiOrder(auth, dto);
  }

  @Post('createWalletOrder')
  @ApiOperation({
    summary: 'Order a pack, paid with Z-Coins',
    description: 'Send an Idempotency-Key so a retry never pays twice.',
  })
  @ApiErrors(
    ErrorBodyWithMsg,
    401,
    [400, 'VALIDATION', 'MOBILE_REQUIRED', 'COUPON_INVALID', 'COUPON_EXPIRED', 'COUPON_MINIMUM'],
    [403, 'BLOCKED', 'COUPON_NOT_ALLOWED'],
    404,
    [
      409,
      'INSUFFICIENT_BALANCE',
      'OUT_OF_STOCK',
      'COUPON_EXHAUSTED',
      'COUPON_USER_LIMIT',
      'IDEMPOTENCY_IN_PROGRESS',
    ],
    422,
    429,
    503,
  )
  @HttpCode(200)
  @Authenticated()
  @Idempotent()
  @RateLimit(orderLimit)
  @ApiOkResponse({ type: WalletOrderResponseDto })
  @ClientErrorField('msg')
  createWalletOrder(@CurrentUser() auth: AuthUser, @EdgeBody() dto: OrderCreateDto) {
    return this.service.createWalletOrder(auth, dto);
  }

  @Post('orderstatus')
  @ApiOperation({ summary: "An order and its payment's state" })
  @ApiErrors(400, 404, 503)
  @HttpCode(200)
  @Authenticated()
  @ApiOkResponse({ type: OrderStatusResponseDto })
  orderStatus(@CurrentUser() auth: AuthUser, @Body() dto: OrderStatusRequestDto) {
    return this.service.orderStatus(auth, dto);
  }

  @Get(':userid')
  @ApiOperation({
    summary: "A user's orders, newest first",
    description: 'The owner or an admin; anyone else gets 404.',
  })
  @ApiErrors(400, 404)
  @Authenticated()
  @ApiOkResponse({ type: [OrderResponseDto] })
  list(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Query() paging: PageQueryDto,
  ) {
    return this.service.list(auth, userid, paging.page, paging.limit);
  }
}
