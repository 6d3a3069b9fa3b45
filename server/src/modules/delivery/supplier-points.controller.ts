import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { Role } from '../../common/auth/role.js';
import { SupplierPointsResponseDto } from './dto/delivery.dto.js';
import { SupplierPointsService } from './supplier-points.service.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';

@ApiTags('Admin: suppliers')
@Authenticated(Role.Admin)
@Controller('admin')
export class SupplierPointsController {
  constructor(private readonly service: SupplierPointsService) {}

  @Post('querypoints')
  @ApiAdminOperation('Smile.one Brazil points balance')
  @ApiErrors(502, 503)
  @HttpCode(200)
  @ApiOkResponse({ type: SupplierPointsResponseDto })
  brazil() {
    return this.service.smilePoints('SMILEBR');
  }

  @Post('querypoints/ph')
  @ApiAdminOperation('Smile.one Philippines points balance')
  @ApiErrors(502, 503)
  @HttpCode(200)
  @ApiOkResponse({ type: SupplierPointsResponseDto })
  philippines() {
    return this.service.smilePoints('SMILEPH');
  }
}
