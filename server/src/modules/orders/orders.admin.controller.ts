import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { AdminPageQueryDto } from '../../common/http/page-query.dto.js';
import { KeysetListQueryDto, parseListQuery } from '../../common/http/simple-rest.js';
import { SimpleRestList, type ListPage } from '../../common/http/list-page.js';
import { Role } from '../../common/auth/role.js';
import {
  AdminOrdersPageDto,
  AdminOrderUpdateResponseDto,
  AdminStatsDto,
} from './dto/order-admin.dto.js';
import { OrderResponseDto } from './dto/order.dto.js';
import { PromiseReportDto, PromiseReportQueryDto } from './dto/promise-report.dto.js';
import { PromiseReportService } from './promise-report.service.js';
import { ORDER_SORTABLE, OrdersAdminService } from './orders-admin.service.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';

/** Spec 002's order calls (statistics, pending orders, all orders) and the console's table. */
@ApiTags('Admin: orders')
@Authenticated(Role.Admin)
@Controller('admin')
export class OrdersAdminController {
  constructor(
    private readonly service: OrdersAdminService,
    private readonly promises: PromiseReportService,
  ) {}

  @Get('stats')
  @ApiAdminOperation('Sales statistics')
  @ApiOkResponse({ type: AdminStatsDto })
  stats() {
    return this.service.stats();
  }

  @Get('reports/promises')
  @ApiAdminOperation(
    'Delivery promise performance',
    'On-time rate and compensations paid per India day of payment and per supplier and product.',
  )
  @ApiErrors(400)
  @ApiOkResponse({ type: PromiseReportDto })
  promiseReport(@Query() query: PromiseReportQueryDto) {
    return this.promises.report(query);
  }

  @Get('processing')
  @ApiAdminOperation('Orders waiting for the admin')
  @ApiOkResponse({ type: [OrderResponseDto] })
  processing() {
    return this.service.processing();
  }

  @Get('updateorder/:_id/:newStatus')
  @ApiAdminOperation(
    "Change an order's status",
    'Completed, Refunded or Cancelled; a refund returns the money.',
  )
  @ApiErrors(400, 404, [409, 'CONFLICT', 'ILLEGAL_TRANSITION'])
  @ApiOkResponse({ type: AdminOrderUpdateResponseDto })
  update(
    @CurrentUser() auth: AuthUser,
    @Param('_id') id: string,
    @Param('newStatus') newStatus: string,
  ) {
    return this.service.update(auth, id, newStatus);
  }

  @Get('updateorder/:_id/:newStatus/:reason')
  @ApiAdminOperation("Change an order's status with a reason")
  @ApiErrors(400, 404, [409, 'CONFLICT', 'ILLEGAL_TRANSITION'])
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
  @ApiAdminOperation('Every order, a page at a time')
  @ApiErrors(400)
  @ApiOkResponse({ type: AdminOrdersPageDto })
  allTxn(@Query() query: AdminPageQueryDto) {
    return this.service.page(query.page, query.limit, query.after);
  }

  @Get('rest/orders')
  @SimpleRestList('orders', 'List orders (console table)', OrderResponseDto)
  async list(@Query() query: KeysetListQueryDto): Promise<ListPage<OrderResponseDto>> {
    const list = parseListQuery(query, ORDER_SORTABLE, ['createdAt', 'DESC']);
    const { orders, total } = await this.service.list(list);
    return { query: list, rows: orders, total };
  }

  @Get('rest/orders/:id')
  @ApiAdminOperation('Get an order (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: OrderResponseDto })
  get(@Param('id') id: string) {
    return this.service.get(id);
  }
}
