import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { PageQueryDto } from '../../common/http/page-query.dto.js';
import { ParseWholeNumberPipe } from '../../common/http/whole-number.pipe.js';
import {
  BalanceDto,
  RedeemDto,
  RedeemResponseDto,
  TopupDto,
  TopupResponseDto,
  TxnStatusDto,
  TxnStatusResponseDto,
  WalletTransactionDto,
} from './dto/wallet.dto.js';
import { PointsService } from './points.service.js';
import { WalletService } from './wallet.service.js';
import { Idempotent } from '../../common/idempotency/idempotent.js';
import { perUser, RateLimit } from '../../common/http/rate-limit.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { ErrorBodyWithMsg } from '../../common/openapi/error-body.js';
import { EdgeBody } from '../../common/http/validated-body.js';
import { ClientErrorField } from '../../common/http/client-error-field.js';

@ApiTags('Wallet')
@Controller('wallet')
export class WalletController {
  constructor(private readonly service: WalletService) {}

  @Get('getbalance/:userid')
  @ApiOperation({
    summary: "A user's Z-Coins balance",
    description: 'The owner or an admin; anyone else gets 404.',
  })
  @ApiErrors(400, 404)
  @Authenticated()
  @ApiOkResponse({ type: BalanceDto })
  balance(@CurrentUser() auth: AuthUser, @Param('userid', ParseWholeNumberPipe) userid: number) {
    return this.service.balance(auth, userid);
  }

  @Get('gettransactions/:userid')
  @ApiOperation({
    summary: "A user's wallet transactions, newest first",
    description: 'The owner or an admin; anyone else gets 404.',
  })
  @ApiErrors(400, 404)
  @Authenticated()
  @ApiOkResponse({ type: [WalletTransactionDto] })
  transactions(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Query() paging: PageQueryDto,
  ) {
    return this.service.transactions(auth, userid, paging.page, paging.limit);
  }

  @Post('topup')
  @ApiOperation({
    summary: 'Top up Z-Coins by UPI',
    description:
      'Answers the payment page. Send an Idempotency-Key so a retry never starts two payments.',
  })
  @ApiErrors([400, 'VALIDATION', 'MOBILE_REQUIRED'], 404, [409, 'IDEMPOTENCY_IN_PROGRESS'], 422, [
    503,
    'PAYMENT_UNAVAILABLE',
    'UNAVAILABLE',
  ])
  @HttpCode(200)
  @Authenticated()
  @Idempotent()
  // Each top-up opens a gateway order.
  @RateLimit(perUser('topup', (limits) => limits.topup))
  @ApiOkResponse({ type: TopupResponseDto })
  topup(@CurrentUser() auth: AuthUser, @EdgeBody() dto: TopupDto) {
    return this.service.topup(auth, dto);
  }

  @Post('txnstatus')
  @ApiOperation({ summary: "A top-up's payment state" })
  @ApiErrors(400, 404, 503)
  @HttpCode(200)
  @Authenticated()
  @ApiOkResponse({ type: TxnStatusResponseDto })
  txnStatus(@CurrentUser() auth: AuthUser, @Body() dto: TxnStatusDto) {
    return this.service.txnStatus(auth, dto);
  }
}

@ApiTags('Points')
@Controller('points')
export class PointsController {
  constructor(private readonly service: PointsService) {}

  @Get('getbalance/:userid')
  @ApiOperation({
    summary: "A user's reward points balance",
    description: 'The owner or an admin; anyone else gets 404.',
  })
  @ApiErrors(400, 404)
  @Authenticated()
  @ApiOkResponse({ type: BalanceDto })
  balance(@CurrentUser() auth: AuthUser, @Param('userid', ParseWholeNumberPipe) userid: number) {
    return this.service.balance(auth, userid);
  }

  @Post('redeempoints')
  @ApiOperation({
    summary: 'Turn reward points into Z-Coins',
    description: 'Send an Idempotency-Key so a retry never redeems twice.',
  })
  @ApiErrors(
    ErrorBodyWithMsg,
    401,
    400,
    404,
    [409, 'INSUFFICIENT_POINTS', 'IDEMPOTENCY_IN_PROGRESS'],
    422,
    503,
  )
  @HttpCode(200)
  @Authenticated()
  @Idempotent()
  @ApiOkResponse({ type: RedeemResponseDto })
  @ClientErrorField('msg')
  redeem(@CurrentUser() auth: AuthUser, @EdgeBody() dto: RedeemDto) {
    return this.service.redeem(auth, dto);
  }
}
