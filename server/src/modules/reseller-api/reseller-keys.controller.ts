import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { requireOwner } from '../../common/auth/access.js';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ParseWholeNumberPipe } from '../../common/http/whole-number.pipe.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { Role } from '../../common/auth/role.js';
import { ResellerAdminKeyChangesDto, ResellerKeyChangesDto } from './callbacks/callbacks.dto.js';
import {
  ResellerCreatedKeyDto,
  ResellerCreateKeyDto,
  ResellerDashboardStatementQueryDto,
  ResellerKeyDto,
  ResellerKeyListDto,
} from './reseller-api.dto.js';
import { ResellerKeysService } from './reseller-keys.service.js';
import { ResellerStatementService } from './reseller-statement.service.js';

/** The console's calls on a reseller's API keys. */
@ApiTags('Admin: resellers')
@Controller('admin/resellers/:userid/keys')
export class ResellerKeysAdminController {
  constructor(private readonly keys: ResellerKeysService) {}

  @Get()
  @ApiAdminOperation("A reseller's API keys (never their secrets)")
  @Authenticated(Role.Admin)
  @ApiErrors(400, [404, 'NOT_FOUND', 'KEY_NOT_FOUND'], [409, 'NOT_RESELLER'])
  @ApiOkResponse({ type: ResellerKeyListDto })
  list(@Param('userid', ParseWholeNumberPipe) userid: number) {
    return this.keys.list(userid);
  }

  @Post()
  @ApiAdminOperation('Creates an API key for a reseller', 'Answers the secret this once.')
  @Authenticated(Role.Admin)
  @ApiErrors(400, [404, 'NOT_FOUND', 'KEY_NOT_FOUND'], [409, 'NOT_RESELLER'])
  @ApiCreatedResponse({ type: ResellerCreatedKeyDto })
  create(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Body() dto: ResellerCreateKeyDto,
  ) {
    return this.keys.create(userid, dto, auth);
  }

  @Patch(':keyId')
  @ApiAdminOperation(
    "Changes a reseller's API key",
    'Label, allowed addresses, callback URL (null removes it) and rate limit; audited.',
  )
  @Authenticated(Role.Admin)
  @ApiErrors(400, [404, 'NOT_FOUND', 'KEY_NOT_FOUND'], [409, 'NOT_RESELLER'])
  @ApiOkResponse({ type: ResellerKeyDto })
  change(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Param('keyId') keyId: string,
    @Body() dto: ResellerAdminKeyChangesDto,
  ) {
    return this.keys.change(userid, keyId, dto, auth);
  }

  @Delete(':keyId')
  @ApiAdminOperation("Revokes a reseller's API key", 'Effective at once.')
  @Authenticated(Role.Admin)
  @ApiErrors(400, [404, 'NOT_FOUND', 'KEY_NOT_FOUND'], [409, 'NOT_RESELLER'])
  @ApiOkResponse({ type: ResellerKeyDto })
  revoke(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Param('keyId') keyId: string,
  ) {
    return this.keys.revoke(userid, keyId, auth);
  }
}

/** The reseller's own dashboard: their keys and their statement. */
@ApiTags('Resellers')
@Controller('resellers/:userid')
export class ResellerDashboardController {
  constructor(
    private readonly keys: ResellerKeysService,
    private readonly statements: ResellerStatementService,
  ) {}

  @Get('keys')
  @ApiOperation({ summary: 'My API keys (never their secrets)', description: 'The reseller only.' })
  @Authenticated(Role.Reseller)
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: ResellerKeyListDto })
  list(@CurrentUser() auth: AuthUser, @Param('userid', ParseWholeNumberPipe) userid: number) {
    requireOwner(auth, userid);
    return this.keys.list(userid);
  }

  @Post('keys')
  @ApiOperation({
    summary: 'Creates one of my API keys',
    description: 'Answers the secret this once.',
  })
  @Authenticated(Role.Reseller)
  @ApiErrors(400, 404)
  @ApiCreatedResponse({ type: ResellerCreatedKeyDto })
  create(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Body() dto: ResellerCreateKeyDto,
  ) {
    requireOwner(auth, userid);
    return this.keys.create(userid, dto, auth);
  }

  @Patch('keys/:keyId')
  @ApiOperation({
    summary: 'Changes one of my API keys',
    description: 'Label, allowed addresses and callback URL (null removes it); audited.',
  })
  @Authenticated(Role.Reseller)
  @ApiErrors(400, [404, 'NOT_FOUND', 'KEY_NOT_FOUND'])
  @ApiOkResponse({ type: ResellerKeyDto })
  change(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Param('keyId') keyId: string,
    @Body() dto: ResellerKeyChangesDto,
  ) {
    requireOwner(auth, userid);
    return this.keys.change(userid, keyId, dto, auth);
  }

  @Delete('keys/:keyId')
  @ApiOperation({ summary: 'Revokes one of my API keys', description: 'Effective at once.' })
  @Authenticated(Role.Reseller)
  @ApiErrors(400, [404, 'NOT_FOUND', 'KEY_NOT_FOUND'])
  @ApiOkResponse({ type: ResellerKeyDto })
  revoke(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Param('keyId') keyId: string,
  ) {
    requireOwner(auth, userid);
    return this.keys.revoke(userid, keyId, auth);
  }

  @Get('statement')
  @ApiOperation({
    summary: 'My wallet statement as CSV',
    description: 'The same CSV as the reseller API: live (Z-Coins) or test balance.',
  })
  @Authenticated(Role.Reseller)
  @ApiErrors(400, 404)
  @ApiOkResponse({ description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } })
  async statement(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Query() query: ResellerDashboardStatementQueryDto,
    @Res() reply: FastifyReply,
  ) {
    requireOwner(auth, userid);
    const mode = query.mode ?? 'live';
    const { from, to } = this.statements.period(query.from, query.to);
    const csv = await this.statements.csv({ id: auth.id, userid }, mode, from, to);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${mode}.csv"`)
      .send(csv);
  }
}
