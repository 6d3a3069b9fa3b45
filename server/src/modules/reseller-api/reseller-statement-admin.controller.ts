import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Messages } from '@zstore/contract/messages';
import { AppError } from '../../common/errors/app-error.js';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { ParseWholeNumberPipe } from '../../common/http/whole-number.pipe.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { Role } from '../../common/auth/role.js';
import { ResellerDashboardStatementQueryDto } from './reseller-api.dto.js';
import { ResellerKeysService } from './reseller-keys.service.js';
import { ResellerStatementService } from './reseller-statement.service.js';

/** The console's download of a reseller's statement: the same CSV as their dashboard's. */
@ApiTags('Admin: resellers')
@Controller('admin/resellers/:userid/statement')
export class ResellerStatementAdminController {
  constructor(
    private readonly keys: ResellerKeysService,
    private readonly statements: ResellerStatementService,
  ) {}

  @Get()
  @ApiAdminOperation("A reseller's wallet statement as CSV", 'Live (Z-Coins) or test balance.')
  @Authenticated(Role.Admin)
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } })
  async statement(
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Query() query: ResellerDashboardStatementQueryDto,
    @Res() reply: FastifyReply,
  ) {
    const id = await this.keys.resellerAccount(userid);
    if (!id) throw AppError.notFound(Messages.notFound);
    const mode = query.mode ?? 'live';
    const { from, to } = this.statements.period(query.from, query.to);
    const csv = await this.statements.csv({ id, userid }, mode, from, to);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${userid}-${mode}.csv"`)
      .send(csv);
  }
}
