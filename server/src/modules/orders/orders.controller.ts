import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
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

@ApiTags('Orders')
@Controller('order')
export class OrdersController {
  constructor(private readonly service: OrdersService) {}

  @Post('createOrder')
  @HttpCode(200)
  @Authenticated()
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOkResponse({ type: UpiOrderResponseDto })
  createOrder(
    @CurrentUser() auth: AuthUser,
    @Headers('idempotency-key') key: string | undefined,
    @Body() dto: OrderCreateDto,
  ) {
    return this.service.createUpiOrder(auth, key, dto);
  }

  @Post('createWalletOrder')
  @HttpCode(200)
  @Authenticated()
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOkResponse({ type: WalletOrderResponseDto })
  createWalletOrder(
    @CurrentUser() auth: AuthUser,
    @Headers('idempotency-key') key: string | undefined,
    @Body() dto: OrderCreateDto,
  ) {
    return this.service.createWalletOrder(auth, key, dto);
  }

  @Post('orderstatus')
  @HttpCode(200)
  @Authenticated()
  @ApiOkResponse({ type: OrderStatusResponseDto })
  orderStatus(@CurrentUser() auth: AuthUser, @Body() dto: OrderStatusRequestDto) {
    return this.service.orderStatus(auth, dto);
  }

  @Get(':userid')
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
