import { Controller, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { EdgeBody } from '../../common/http/validated-body.js';
import { ClientErrorField } from '../../common/http/client-error-field.js';
import { perIp, RateLimit, type RouteLimit } from '../../common/http/rate-limit.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { ErrorBodyWithError } from '../../common/openapi/error-body.js';
import { OrderStatusResponseDto, UpiOrderResponseDto } from '../orders/dto/order.dto.js';
import { GuestLookupDto, GuestOrderDto } from './dto/guest-order.dto.js';
import { GuestCheckoutService } from './guest-checkout.service.js';
import { RequestLanguage } from '../../common/i18n/request-language.decorator.js';
import type { Language } from '../../common/i18n/language.js';

const PDF = { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };

/** `guest-order:mobile:<number>`: guest orders for one mobile, from every address. */
const perMobile: RouteLimit = {
  key: ({ body }) => `guest-order:mobile:${body.mobile}`,
  rule: (limits) => limits.guestOrderMobile,
};
const lookupLimit = perIp('guest-lookup', (limits) => limits.guestLookup);

/** Buying without an account: a UPI order for an e-mail and mobile, and finding it again. */
@ApiTags('Orders')
@Controller('order/guest')
export class GuestOrdersController {
  constructor(private readonly guests: GuestCheckoutService) {}

  @Post()
  @ApiOperation({
    summary: 'Order a pack as a guest, paid by UPI',
    description:
      'No account: the receipt and tax invoice go to `email`; `mobile` finds the order again. No coupons or Z-Coins. Send an Idempotency-Key so a retry never orders twice.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiErrors(
    ErrorBodyWithError,
    [400, 'VALIDATION'],
    404,
    [409, 'OUT_OF_STOCK', 'IDEMPOTENCY_IN_PROGRESS'],
    422,
    429,
    [503, 'PAYMENT_UNAVAILABLE', 'UNAVAILABLE'],
  )
  @HttpCode(200)
  @Public()
  @RateLimit(perIp('guest-order', (limits) => limits.guestOrderIp), perMobile)
  @ApiOkResponse({ type: UpiOrderResponseDto })
  @ClientErrorField('error')
  place(
    @EdgeBody() dto: GuestOrderDto,
    @Req() request: FastifyRequest,
    @RequestLanguage() language: Language,
  ) {
    const key = request.headers['idempotency-key'];
    return this.guests.place(dto, typeof key === 'string' ? key : undefined, language);
  }

  @Post('lookup')
  @ApiOperation({
    summary: "A guest order and its payment's state",
    description: 'The order id and the mobile it was placed with; 404 for any other pair.',
  })
  @ApiErrors(400, 404, 429, 503)
  @HttpCode(200)
  @Public()
  @RateLimit(lookupLimit)
  @ApiOkResponse({ type: OrderStatusResponseDto })
  lookup(@EdgeBody() dto: GuestLookupDto) {
    return this.guests.lookup(dto);
  }

  @Post('invoice')
  @ApiOperation({
    summary: "A guest order's GST tax invoice (PDF)",
    description: 'The order id and the mobile it was placed with; 404 for any other pair.',
  })
  @ApiOkResponse({ description: 'The invoice as a PDF file', content: PDF })
  @ApiErrors(400, 404, 429)
  @HttpCode(200)
  @Public()
  @RateLimit(lookupLimit)
  @Header('cache-control', 'private, no-store')
  async invoice(@EdgeBody() dto: GuestLookupDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { pdf, name } = await this.guests.invoice(dto);
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`);
    return pdf;
  }
}
