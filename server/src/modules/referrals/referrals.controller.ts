import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ParseWholeNumberPipe } from '../../common/http/whole-number.pipe.js';
import { SimpleRestList, type ListPage } from '../../common/http/list-page.js';
import { ListQueryDto, parseListQuery } from '../../common/http/simple-rest.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { Role } from '../../common/auth/role.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import {
  ReferralAdminDto,
  ReferralSummaryDto,
  VoidReferralDto,
  VoidReferralResponseDto,
} from './dto/referral.dto.js';
import type { ReferralStatus } from './referral.entity.js';
import { ReferralsService } from './referrals.service.js';

@ApiTags('Refer & Earn')
@Controller('referrals')
export class ReferralsController {
  constructor(private readonly service: ReferralsService) {}

  @Get(':userid')
  @ApiOperation({
    summary: "A customer's referral code, link and friends",
    description: 'The owner or an admin; anyone else gets 404.',
  })
  @ApiErrors(400, 404)
  @Authenticated()
  @ApiOkResponse({ type: ReferralSummaryDto })
  summary(@CurrentUser() auth: AuthUser, @Param('userid', ParseWholeNumberPipe) userid: number) {
    return this.service.summary(auth, userid);
  }
}

const STATUSES: readonly string[] = ['pending', 'rewarded', 'refused', 'void'];

/** The console's `referrals` table and its one action. */
@ApiTags('Admin: referrals')
@Authenticated(Role.Admin)
@Controller('admin/rest/referrals')
export class ReferralsAdminController {
  constructor(private readonly service: ReferralsService) {}

  @Get()
  @SimpleRestList('referrals', 'List the referrals (console table)', ReferralAdminDto)
  async list(@Query() query: ListQueryDto): Promise<ListPage<ReferralAdminDto>> {
    const list = parseListQuery(query, ['createdAt'], ['createdAt', 'DESC']);
    const status = STATUSES.includes(list.filter.status as string)
      ? (list.filter.status as ReferralStatus)
      : undefined;
    const { entries, total } = await this.service.list({ ...list, status });
    return { query: list, rows: entries, total };
  }

  @Post(':id/void')
  @HttpCode(200)
  @ApiAdminOperation('Void a referral, taking back what it paid as far as it is still held')
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: VoidReferralResponseDto })
  void(
    @CurrentUser() auth: AuthUser,
    @Param(
      'id',
      new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound(Messages.notFound) }),
    )
    id: string,
    @Body() dto: VoidReferralDto,
  ) {
    return this.service.void(auth.id, id, dto.reason);
  }
}
