import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { PaymentsService } from './payments.service.js';

@ApiTags('Payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly service: PaymentsService) {}

  /** UPIGateway's webhook (form-encoded, unsigned): answers 200 "OK" and re-checks the payment. */
  @Post('upigateway/webhook')
  @Public()
  @HttpCode(200)
  @Header('content-type', 'text/plain; charset=utf-8')
  @ApiOkResponse({ description: 'OK' })
  webhook(@Body() body: Record<string, unknown>) {
    return this.service.webhook(body);
  }
}
