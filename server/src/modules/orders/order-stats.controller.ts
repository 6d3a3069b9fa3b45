import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ParseWholeNumberPipe } from '../../common/http/whole-number.pipe.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { OrderStatsDto } from './dto/order.dto.js';
import { OrderStatsService } from './order-stats.service.js';

/** `/user/myorder/:userid` counts orders, so it is served where the orders are. */
@ApiTags('User')
@Controller('user')
export class OrderStatsController {
  constructor(private readonly service: OrderStatsService) {}

  @Get('myorder/:userid')
  @ApiOperation({
    summary: "Count a user's orders by status",
    description: 'The owner or an admin; anyone else gets 404.',
  })
  @ApiErrors(400, 404)
  @Authenticated()
  @ApiOkResponse({ type: OrderStatsDto })
  getOrderStats(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
  ) {
    return this.service.of(auth, userid);
  }
}
