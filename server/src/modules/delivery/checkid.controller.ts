import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { CheckIdService } from './checkid.service.js';
import { perIp, RateLimit } from '../../common/http/rate-limit.js';
import { EdgeBody } from '../../common/http/validated-body.js';
import { CheckIdDto, CheckIdResponseDto } from './dto/delivery.dto.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';

@ApiTags('Orders')
@Controller('order')
export class CheckIdController {
  constructor(private readonly service: CheckIdService) {}

  @Post('checkid')
  @ApiOperation({ summary: "Check a player's id with the supplier" })
  @ApiErrors(400, 429, [503, 'PROVIDER_FAILED'])
  @HttpCode(200)
  @Public()
  @RateLimit(perIp('checkid', (limits) => limits.checkid))
  @ApiOkResponse({ type: CheckIdResponseDto })
  checkId(@EdgeBody() dto: CheckIdDto) {
    return this.service.check(dto);
  }
}
