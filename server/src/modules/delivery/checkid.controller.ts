import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ClientIp, Public } from '../../common/auth/auth.decorators.js';
import { CheckIdService } from './checkid.service.js';
import { CheckIdDto, CheckIdResponseDto } from './dto/delivery.dto.js';

@ApiTags('Orders')
@Controller('order')
export class CheckIdController {
  constructor(private readonly service: CheckIdService) {}

  @Post('checkid')
  @HttpCode(200)
  @Public()
  @ApiOkResponse({ type: CheckIdResponseDto })
  checkId(@ClientIp() ip: string, @Body() dto: CheckIdDto) {
    return this.service.check(ip, dto);
  }
}
