import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { AdminPageQueryDto } from '../../common/http/page-query.dto.js';
import { contentRange, ListQueryDto, parseListQuery } from '../../common/http/simple-rest.js';
import { Role } from '../users/entities/user.entity.js';
import {
  AdminOrdersPageDto,
  AdminOrderUpdateResponseDto,
  AdminStatsDto,
} from './dto/order-admin.dto.js';
import { OrderResponseDto } from './dto/order.dto.js';
import { ORDER_SORTABLE, OrdersAdminService } from './orders-admin.service.js';

/** Spec 002's order calls (statistics, pending orders, all orders) and the console's table. */
@ApiTags('Admin: orders')
@Authenticated(Role.Admin)
@Controller('admin')
export class OrdersAdminController {
  constructor(private readonly service: OrdersAdminService) {}

  @Get('stats')
  @ApiOkResponse({ type: AdminStatsDto })
  stats() {
    return this.service.stats();
  }

  @Get('processing')
  @ApiOkResponse({ type: [OrderResponseDto] })
  processing() {
    return this.service.processing();
  }

  @Get('updateorder/:_id/:newStatus')
  @ApiOkResponse({ type: AdminOrderUpdateResponseDto })
  update(
    @CurrentUser() auth: AuthUser,
    @Param('_id') id: string,
    @Param('newStatus') newStatus: string,
  ) {
    return this.service.update(auth, id, newStatus);
  }

  @Get('updateorder/:_id/:newStatus/:reason')
  @ApiOkResponse({ type: AdminOrderUpdateResponseDto })
  updateWithReason(
    @CurrentUser() auth: AuthUser,
    @Param('_id') id: string,
    @Param('newStatus') newStatus: string,
    @Param('reason') reason: string,
  ) {
    return this.service.update(auth, id, newStatus, reason);
  }

  @Get('alltxn')
  @ApiOkResponse({ type: AdminOrdersPageDto })
  allTxn(@Query() query: AdminPageQueryDto) {
    return this.service.page(query.page, query.limit);
  }

  @Get('rest/orders')
  @ApiOkResponse({ type: [OrderResponseDto] })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ORDER_SORTABLE, ['createdAt', 'DESC']);
    const { orders, total } = await this.service.list(list);
    void reply.header('Content-Range', contentRange('orders', list, orders.length, total));
    return orders;
  }

  @Get('rest/orders/:id')
  @ApiOkResponse({ type: OrderResponseDto })
  get(@Param('id') id: string) {
    return this.service.get(id);
  }
}
