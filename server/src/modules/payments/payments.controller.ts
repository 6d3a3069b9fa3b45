import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { PaymentsService } from './payments.service.js';
import { AnswerErrorsWith } from '../../common/http/error-answer.js';

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
  @Public()
  @HttpCode(200)
  // The gateway retries anything but 200 "OK" (PROVIDERS.md 1.5): a body it cannot have sent
  // (malformed, forged, oversized) gets the same answer, since a retry would change nothing.
  @AnswerErrorsWith(200, 'OK')
  @Header('content-type', 'text/plain; charset=utf-8')
  @ApiOkResponse({ description: 'OK' })
  webhook(@Body() body: Record<string, unknown> | undefined) {
    return this.service.webhook(body);
  }
}
