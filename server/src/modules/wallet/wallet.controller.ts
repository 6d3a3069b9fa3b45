import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
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

const IdempotencyHeader = () => ApiHeader({ name: 'Idempotency-Key', required: false });

@ApiTags('Wallet')
@Controller('wallet')
export class WalletController {
  constructor(private readonly service: WalletService) {}

  @Get('getbalance/:userid')
  @Authenticated()
  @ApiOkResponse({ type: BalanceDto })
  balance(@CurrentUser() auth: AuthUser, @Param('userid', ParseWholeNumberPipe) userid: number) {
    return this.service.balance(auth, userid);
  }

  @Get('gettransactions/:userid')
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
  @HttpCode(200)
  @Authenticated()
  @IdempotencyHeader()
  @ApiOkResponse({ type: TopupResponseDto })
  topup(
    @CurrentUser() auth: AuthUser,
    @Headers('idempotency-key') key: string | undefined,
    @Body() dto: TopupDto,
  ) {
    return this.service.topup(auth, key, dto);
  }

  @Post('txnstatus')
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
  @Authenticated()
  @ApiOkResponse({ type: BalanceDto })
  balance(@CurrentUser() auth: AuthUser, @Param('userid', ParseWholeNumberPipe) userid: number) {
    return this.service.balance(auth, userid);
  }

  @Post('redeempoints')
  @HttpCode(200)
  @Authenticated()
  @IdempotencyHeader()
  @ApiOkResponse({ type: RedeemResponseDto })
  redeem(
    @CurrentUser() auth: AuthUser,
    @Headers('idempotency-key') key: string | undefined,
    @Body() dto: RedeemDto,
  ) {
    return this.service.redeem(auth, key, dto);
  }
}
