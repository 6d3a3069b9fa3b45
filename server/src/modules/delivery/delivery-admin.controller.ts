import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { Role } from '../../common/auth/role.js';
import {
  DeliveryActionResponseDto,
  OrderPackResponseDto,
  SettlePackDto,
} from './dto/delivery.dto.js';
import { DeliveryAdminService } from './delivery-admin.service.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';

@ApiTags('Admin: orders')
@Authenticated(Role.Admin)
@Controller('admin/orders')
export class DeliveryAdminController {
  constructor(private readonly service: DeliveryAdminService) {}

  /** The order's supplier packs and their states, so the admin can see which one to settle. */
  @Get(':_id/packs')
  @ApiAdminOperation("An order's supplier packs and their states")
  @ApiErrors(404)
  @ApiOkResponse({ type: [OrderPackResponseDto] })
  packs(@Param('_id') id: string) {
    return this.service.packs(id);
  }

  /** Buys again the packs of a flagged order that are neither confirmed nor unknown (DESIGN 5). */
  @Post(':_id/retry-delivery')
  @ApiAdminOperation('Retry the delivery of a flagged order')
  @ApiErrors(404, 409)
  @ApiOkResponse({ type: DeliveryActionResponseDto })
  @HttpCode(200)
  retryDelivery(@Param('_id') id: string) {
    return this.service.retry(id);
  }

  /** Settles a pack whose outcome is unknown, after the admin checked the supplier's dashboard. */
  @Post(':_id/settle-pack')
  @ApiAdminOperation(
    'Settle a pack whose outcome is unknown',
    'After checking the supplier dashboard: delivered or not.',
  )
  @ApiErrors(400, 404, 409)
  @ApiOkResponse({ type: DeliveryActionResponseDto })
  @HttpCode(200)
  settlePack(@CurrentUser() auth: AuthUser, @Param('_id') id: string, @Body() dto: SettlePackDto) {
    return this.service.settlePack(id, dto.pack, dto.delivered, auth.id);
  }
}
