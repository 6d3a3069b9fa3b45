import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { PaymentsService } from './payments.service.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';

@ApiTags('Payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly service: PaymentsService) {}

  /** UPIGateway's webhook (form-encoded, unsigned): answers 200 "OK" and re-checks the payment. */
  @Post('upigateway/webhook')
  @ApiOperation({
    summary: "UPIGateway's payment webhook",
    description:
      'Form-encoded and unsigned: the store re-checks the payment with UPIGateway before acting on it.',
  })
  @ApiErrors(400)
  @Public()
  @HttpCode(200)
  @Header('content-type', 'text/plain; charset=utf-8')
  @ApiOkResponse({ description: 'OK' })
  webhook(@Body() body: Record<string, unknown>) {
    return this.service.webhook(body);
  }
}
