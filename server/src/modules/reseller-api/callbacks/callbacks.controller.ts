import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Messages } from '@zstore/contract/messages';
import { requireOwner } from '../../../common/auth/access.js';
import { Authenticated, CurrentUser, type AuthUser } from '../../../common/auth/auth.decorators.js';
import { AppError } from '../../../common/errors/app-error.js';
import { ParseWholeNumberPipe } from '../../../common/http/whole-number.pipe.js';
import { ApiAdminOperation, ApiErrors } from '../../../common/openapi/api-docs.decorators.js';
import { Role } from '../../../common/auth/role.js';
import { UsersService } from '../../users/users.service.js';
import { CallbackEventDto, CallbackLogDto, CallbackLogQueryDto } from './callbacks.dto.js';
import { ResellerCallbacks } from './callbacks.service.js';

/** The console's view of a reseller's callbacks: the delivery log and re-sends. */
@ApiTags('Admin: resellers')
@Controller('admin/resellers/:userid/callbacks')
export class ResellerCallbacksAdminController {
  constructor(
    private readonly callbacks: ResellerCallbacks,
    private readonly users: UsersService,
  ) {}

  private async resellerId(userid: number) {
    const user = await this.users.getByUserid(userid);
    if (!user) throw AppError.notFound(Messages.notFound);
    return user.id;
  }

  @Get()
  @ApiAdminOperation(
    "A reseller's callback delivery log",
    'Newest events first, each with its attempts.',
  )
  @Authenticated(Role.Admin)
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: CallbackLogDto })
  async log(
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Query() query: CallbackLogQueryDto,
  ) {
    return this.callbacks.log(await this.resellerId(userid), query);
  }

  @Post(':eventId/resend')
  @HttpCode(200)
  @ApiAdminOperation('Sends a callback event again', 'Now, and retried for 24 hours if it fails.')
  @Authenticated(Role.Admin)
  @ApiErrors(400, [404, 'NOT_FOUND', 'EVENT_NOT_FOUND'])
  @ApiOkResponse({ type: CallbackEventDto })
  async resend(
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Param('eventId') eventId: string,
  ) {
    return this.callbacks.resend(await this.resellerId(userid), eventId);
  }
}

/** The reseller's own delivery log, in their dashboard. */
@ApiTags('Resellers')
@Controller('resellers/:userid/callbacks')
export class ResellerCallbacksDashboardController {
  constructor(private readonly callbacks: ResellerCallbacks) {}

  @Get()
  @ApiOperation({
    summary: 'My callback delivery log',
    description: 'The reseller only. Newest events first, each with its attempts.',
  })
  @Authenticated(Role.Reseller)
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: CallbackLogDto })
  log(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Query() query: CallbackLogQueryDto,
  ) {
    requireOwner(auth, userid);
    return this.callbacks.log(auth.id, query);
  }

  @Post(':eventId/resend')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends one of my callback events again',
    description: 'Now, and retried for 24 hours if it fails.',
  })
  @Authenticated(Role.Reseller)
  @ApiErrors(400, [404, 'NOT_FOUND', 'EVENT_NOT_FOUND'])
  @ApiOkResponse({ type: CallbackEventDto })
  resend(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
    @Param('eventId') eventId: string,
  ) {
    requireOwner(auth, userid);
    return this.callbacks.resend(auth.id, eventId);
  }
}
