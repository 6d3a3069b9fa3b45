import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { Role } from '../users/entities/user.entity.js';
import { FulfilmentService } from './fulfilment.service.js';

@ApiTags('Admin: orders')
@Authenticated(Role.Admin)
@Controller('admin/orders')
export class FulfilmentAdminController {
  constructor(private readonly service: FulfilmentService) {}

  /** Buys again the packs of a flagged order that are neither confirmed nor unknown (DESIGN 5). */
  @Post(':_id/retry-delivery')
  @HttpCode(200)
  retryDelivery(@Param('_id') id: string) {
    return this.service.retry(id);
  }
}
