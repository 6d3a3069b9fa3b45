import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { interpretCheckId, serverRegionOf } from '@zstore/contract/check-id-message';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../common/errors/app-error.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { CheckIdService } from '../delivery/checkid.service.js';
import { UsersService } from '../users/users.service.js';
import { InApiTermsInterceptor } from './in-api-terms.interceptor.js';
import {
  ResellerBalanceDto,
  ResellerOrderAnswerDto,
  ResellerOrderListDto,
  ResellerOrderListQueryDto,
  ResellerPlaceOrderDto,
  ResellerPlayerCheckAnswerDto,
  ResellerPlayerCheckDto,
  ResellerPriceListDto,
  ResellerSandboxTopupDto,
  ResellerStatementQueryDto,
} from './reseller-api.dto.js';
import { ResellerCatalogue } from './reseller-catalogue.js';
import { ResellerErrorCode, ResellerMessages } from './reseller-errors.js';
import type { ActiveKey } from './reseller-keys.service.js';
import { ResellerOrdersService } from './reseller-orders.service.js';
import { ResellerSandboxService } from './reseller-sandbox.service.js';
import { ResellerStatementService } from './reseller-statement.service.js';
import { Signed } from './signed.decorator.js';
import { SigningKey } from './signed-request.guard.js';

/** The reseller API, v1 (RESELLER-API.md): every call signed with an API key. */
@ApiTags('Reseller API')
@Controller('reseller/v1')
@UseInterceptors(InApiTermsInterceptor)
export class ResellerApiController {
  constructor(
    private readonly users: UsersService,
    private readonly catalogue: ResellerCatalogue,
    private readonly checkId: CheckIdService,
    private readonly liveOrders: ResellerOrdersService,
    private readonly sandbox: ResellerSandboxService,
    private readonly statements: ResellerStatementService,
  ) {}

  private ordersOf(key: ActiveKey) {
    return key.mode === 'live' ? this.liveOrders : this.sandbox;
  }

  @Get('balance')
  @Signed(
    'The balance the key spends',
    'Live keys: the Z-Coins wallet; test keys: the test balance.',
  )
  @ApiOkResponse({ type: ResellerBalanceDto })
  async balance(@SigningKey() key: ActiveKey): Promise<ResellerBalanceDto> {
    const balance =
      key.mode === 'live'
        ? ((await this.users.getById(key.reseller.id))?.balance ?? 0)
        : await this.sandbox.balance(key);
    return { balance_paise: balance, currency: 'INR', mode: key.mode };
  }

  @Get('products')
  @Signed(
    "The price list, at this reseller's prices",
    'Answers an ETag; send If-None-Match to get 304 when nothing changed.',
  )
  @ApiOkResponse({ type: ResellerPriceListDto })
  async products(
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    const { body, etag } = await this.catalogue.priceList();
    void reply.header('etag', etag);
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
      return reply.status(304).send();
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }

  @Post('players/check')
  @HttpCode(200)
  @Signed('Checks a player id before ordering', "The store's player check, in plain words.")
  @ApiErrors([400, 'INVALID_INPUT'], 503)
  @ApiOkResponse({ type: ResellerPlayerCheckAnswerDto })
  async checkPlayer(@Body() dto: ResellerPlayerCheckDto): Promise<ResellerPlayerCheckAnswerDto> {
    const { product, item } = await this.catalogue.firstPackOf(dto.product_id);
    const answer = await this.checkId.check({
      selectedProduct: product.id,
      selectedItem: item.id,
      userid: dto.input1,
      zoneid: dto.input2,
    });
    const outcome = interpretCheckId(answer, serverRegionOf(product.name));
    if (outcome.verified) return { valid: true, username: answer.username, message: outcome.text };
    return { valid: false, message: outcome.explanation ?? outcome.text };
  }

  @Post('orders')
  @Signed(
    'Places an order, keyed by your reference',
    'The reference is the idempotency key, forever: the same reference and body answer 200 with the existing order (never a second order or debit); another body with it is 409 REFERENCE_REUSED.',
  )
  @ApiErrors([400, 'INVALID_INPUT'], 402, [409, 'REFERENCE_REUSED', 'OUT_OF_STOCK'], 503)
  @ApiCreatedResponse({ type: ResellerOrderAnswerDto, description: 'Placed' })
  @ApiOkResponse({
    type: ResellerOrderAnswerDto,
    description: 'The order this reference already placed',
  })
  async placeOrder(
    @SigningKey() key: ActiveKey,
    @Body() dto: ResellerPlaceOrderDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResellerOrderAnswerDto> {
    const { created, order } = await this.ordersOf(key).place(key, dto);
    void reply.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return { order };
  }

  @Get('orders/:reference')
  @Signed('An order, by your reference')
  @ApiErrors([404, 'ORDER_NOT_FOUND'])
  @ApiOkResponse({ type: ResellerOrderAnswerDto })
  async order(@SigningKey() key: ActiveKey, @Param('reference') reference: string) {
    return { order: await this.ordersOf(key).get(key, reference) };
  }

  @Get('orders')
  @Signed(
    'Your orders, newest first',
    'Keyset paging: pass next_cursor as cursor for the next page.',
  )
  @ApiErrors([400, 'INVALID_INPUT'])
  @ApiOkResponse({ type: ResellerOrderListDto })
  orders(
    @SigningKey() key: ActiveKey,
    @Query() query: ResellerOrderListQueryDto,
  ): Promise<ResellerOrderListDto> {
    return this.ordersOf(key).list(key, {
      status: query.status,
      since: query.since ? new Date(query.since) : undefined,
      limit: query.limit ?? 50,
      cursor: query.cursor,
    });
  }

  @Get('statement')
  @Signed(
    'The wallet movements of a period, as CSV',
    'Columns txnid, time, type, amount_paise (signed), balance_after_paise, orderid, reference.',
  )
  @ApiErrors([400, 'INVALID_INPUT'])
  @ApiOkResponse({ description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } })
  async statement(
    @SigningKey() key: ActiveKey,
    @Query() query: ResellerStatementQueryDto,
    @Res() reply: FastifyReply,
  ) {
    const { from, to } = this.statements.period(query.from, query.to);
    const csv = await this.statements.csv(key.reseller, key.mode, from, to);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${key.mode}.csv"`)
      .send(csv);
  }

  @Post('sandbox/topup')
  @HttpCode(200)
  @Signed('Adds to the test balance (test keys only)', 'Free: the test balance is play money.')
  @ApiErrors([400, 'INVALID_INPUT'], [403, 'IP_NOT_ALLOWED', 'TEST_KEY_ONLY'])
  @ApiBody({ type: ResellerSandboxTopupDto })
  @ApiOkResponse({ type: ResellerBalanceDto })
  async topup(
    @SigningKey() key: ActiveKey,
    @Body() dto: ResellerSandboxTopupDto,
  ): Promise<ResellerBalanceDto> {
    if (key.mode !== 'test') {
      throw new AppError(
        ResellerErrorCode.TestKeyOnly,
        ResellerMessages.testKeyOnly,
        HttpStatus.FORBIDDEN,
      );
    }
    const balance = await this.sandbox.topup(key, dto.amount_paise);
    return { balance_paise: balance, currency: 'INR', mode: key.mode };
  }
}
