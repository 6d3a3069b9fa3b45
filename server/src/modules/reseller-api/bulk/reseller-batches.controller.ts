import {
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireOwner } from '../../../common/auth/access.js';
import { Authenticated, CurrentUser, type AuthUser } from '../../../common/auth/auth.decorators.js';
import { AppError } from '../../../common/errors/app-error.js';
import { ParseWholeNumberPipe } from '../../../common/http/whole-number.pipe.js';
import { ApiErrors } from '../../../common/openapi/api-docs.decorators.js';
import { Role } from '../../../common/auth/role.js';
import { InApiTermsInterceptor } from '../in-api-terms.interceptor.js';
import { ResellerErrorCode, ResellerMessages } from '../reseller-errors.js';
import { ResellerKeysService, type ActiveKey } from '../reseller-keys.service.js';
import { Signed } from '../signed.decorator.js';
import { SigningKey } from '../signed-request.guard.js';
import { BatchMessages } from './batch-errors.js';
import { CsvBody, csvTextOf } from './csv-body.js';
import {
  BatchAnswerDto,
  BatchCheckDto,
  BatchStatusDto,
  BulkOrdersQueryDto,
  DashboardBatchQueryDto,
} from './reseller-batch.dto.js';
import { ResellerBatchesService } from './reseller-batches.service.js';

const CSV_BODY = {
  description:
    'CSV (RFC 4180) with the header reference,item_id,input1,input2 and at most 1,000 rows.',
  schema: {
    type: 'string',
    example: 'reference,item_id,input1,input2\nshop-2001,<item_id>,10000001,1001\n',
  },
} as const;

/** The reseller API's bulk orders (RESELLER-API.md section 3): signed like every call. */
@ApiTags('Reseller API')
@Controller('reseller/v1')
@UseInterceptors(InApiTermsInterceptor)
export class ResellerBatchesController {
  constructor(private readonly batches: ResellerBatchesService) {}

  @Post('orders/bulk')
  @CsvBody()
  @Signed(
    'Places up to 1,000 orders from a CSV, in the background',
    'Every row is checked (item, inputs, reference once in the file and never used) before any is placed; refused rows are listed and never placed, the accepted ones are placed as one batch, each as an ordinary order keyed by its reference. Not enough balance for the accepted rows together: 402 and nothing placed. The same batch_reference, or the same file, answers 200 with the same batch and places nothing twice; a batch_reference sent with another file is 409 REFERENCE_REUSED.',
  )
  @ApiConsumes('text/csv')
  @ApiBody(CSV_BODY)
  @ApiErrors([400, 'INVALID_INPUT'], 402, [409, 'REFERENCE_REUSED'], 413, 415, 503)
  @ApiAcceptedResponse({ type: BatchAnswerDto, description: 'Accepted: being placed' })
  @ApiOkResponse({ type: BatchAnswerDto, description: 'The batch this reference or file made' })
  async bulk(
    @SigningKey() key: ActiveKey,
    @Query() query: BulkOrdersQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BatchAnswerDto> {
    const { created, answer } = await this.batches.submit(
      key,
      csvTextOf(request),
      query.batch_reference,
    );
    void reply.status(created ? HttpStatus.ACCEPTED : HttpStatus.OK);
    return answer;
  }

  @Get('batches/:batch_id')
  @Signed('A batch of bulk orders: its rows by status, its orders and refusals')
  @ApiErrors([404, 'BATCH_NOT_FOUND'])
  @ApiOkResponse({ type: BatchStatusDto })
  batch(@SigningKey() key: ActiveKey, @Param('batch_id') batchId: string) {
    return this.batches.status(key, batchId);
  }
}

/** Bulk orders from the reseller's dashboard: the same checks and batches, with a chosen key. */
@ApiTags('Resellers')
@Controller('resellers/:userid/batches')
@UseInterceptors(InApiTermsInterceptor)
export class ResellerBatchesDashboardController {
  constructor(
    private readonly batches: ResellerBatchesService,
    private readonly keys: ResellerKeysService,
  ) {}

  /** One of the reseller's own active keys. */
  private async keyOf(auth: AuthUser, userid: number, keyId: string | undefined) {
    requireOwner(auth, userid);
    if (!keyId) {
      throw new AppError(
        ResellerErrorCode.InvalidInput,
        BatchMessages.chooseKey,
        HttpStatus.BAD_REQUEST,
      );
    }
    const key = await this.keys.active(keyId);
    if (!key || key.reseller.id !== auth.id) {
      throw new AppError(
        ResellerErrorCode.KeyNotFound,
        ResellerMessages.keyNotFound,
        HttpStatus.NOT_FOUND,
      );
    }
    return key;
  }

  @Post('check')
  @HttpCode(200)
  @CsvBody()
  @ApiOperation({
    summary: 'Checks a bulk order CSV, placing nothing',
    description: 'The reseller only. Every row with its price or the reason it would be refused.',
  })
  @Authenticated(Role.Reseller)
  @ApiConsumes('text/csv')
  @ApiBody(CSV_BODY)
  @ApiErrors([400, 'INVALID_INPUT'], [404, 'NOT_FOUND', 'KEY_NOT_FOUND'], 413, 415)
  @ApiOkResponse({ type: BatchCheckDto })
  async check(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Query() query: DashboardBatchQueryDto,
    @Req() request: FastifyRequest,
  ): Promise<BatchCheckDto> {
    const key = await this.keyOf(auth, userid, query.key);
    const check = await this.batches.check(key, csvTextOf(request));
    return {
      rows: check.rows,
      accepted: check.accepted,
      rejected: check.rejected,
      total_paise: check.total,
      balance_paise: check.balance,
      mode: key.mode,
    };
  }

  @Post()
  @CsvBody()
  @ApiOperation({
    summary: 'Places a bulk order CSV with one of my keys',
    description: 'The reseller only. The same as POST /api/reseller/v1/orders/bulk.',
  })
  @Authenticated(Role.Reseller)
  @ApiConsumes('text/csv')
  @ApiBody(CSV_BODY)
  @ApiErrors(
    [400, 'INVALID_INPUT'],
    402,
    [404, 'NOT_FOUND', 'KEY_NOT_FOUND'],
    [409, 'REFERENCE_REUSED'],
    413,
    415,
  )
  @ApiAcceptedResponse({ type: BatchAnswerDto, description: 'Accepted: being placed' })
  @ApiOkResponse({ type: BatchAnswerDto, description: 'The batch this file already made' })
  async place(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Query() query: DashboardBatchQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BatchAnswerDto> {
    const key = await this.keyOf(auth, userid, query.key);
    const { created, answer } = await this.batches.submit(
      key,
      csvTextOf(request),
      query.batch_reference,
    );
    void reply.status(created ? HttpStatus.ACCEPTED : HttpStatus.OK);
    return answer;
  }

  @Get(':batchId')
  @ApiOperation({ summary: 'One of my bulk orders, row by row', description: 'The reseller only.' })
  @Authenticated(Role.Reseller)
  @ApiErrors(400, [404, 'NOT_FOUND', 'KEY_NOT_FOUND', 'BATCH_NOT_FOUND'])
  @ApiOkResponse({ type: BatchStatusDto })
  async batch(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Param('batchId') batchId: string,
    @Query() query: DashboardBatchQueryDto,
  ) {
    const key = await this.keyOf(auth, userid, query.key);
    return this.batches.status(key, batchId);
  }
}
