import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { Role } from '../users/entities/user.entity.js';
import { SupplierPointsResponseDto } from './dto/delivery.dto.js';
import { SupplierPointsService } from './supplier-points.service.js';

@ApiTags('Admin: suppliers')
@Authenticated(Role.Admin)
@Controller('admin')
export class SupplierPointsController {
  constructor(private readonly service: SupplierPointsService) {}

  @Post('querypoints')
  @HttpCode(200)
  @ApiOkResponse({ type: SupplierPointsResponseDto })
  brazil() {
    return this.service.smilePoints('SMILEBR');
  }

  @Post('querypoints/ph')
  @HttpCode(200)
  @ApiOkResponse({ type: SupplierPointsResponseDto })
  philippines() {
    return this.service.smilePoints('SMILEPH');
  }
}
