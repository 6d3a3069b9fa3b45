import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListQueryDto, parseListQuery } from '../../common/http/simple-rest.js';
import {
  SimpleRestList,
  SpecPagedList,
  specPageQuery,
  type ListPage,
} from '../../common/http/list-page.js';
import { PageQueryDto } from '../../common/http/page-query.dto.js';
import { Messages } from '@zstore/contract/messages';
import { Role } from '../../common/auth/role.js';
import { CouponsAdminService } from './coupons-admin.service.js';
import { COUPON_SORT } from './coupons-admin.repository.js';
import {
  AdminCouponDto,
  CouponEditDto,
  CouponMessageDto,
  CouponWriteDto,
} from './dto/coupon-admin.dto.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';

/** Spec 002's coupon calls, and the console's simple-rest `coupons`. */
@ApiTags('Admin: coupons')
@Authenticated(Role.Admin)
@Controller('admin')
export class CouponsAdminController {
  constructor(private readonly service: CouponsAdminService) {}

  @Get('getallcoupon')
  @SpecPagedList('coupons', 'List the coupons, newest first', AdminCouponDto)
  async all(@Query() paging: PageQueryDto): Promise<ListPage<AdminCouponDto>> {
    const query = specPageQuery(paging, ['createdAt', 'DESC']);
    const { coupons, total } = await this.service.list(query);
    return { query, rows: coupons, total };
  }

  @Post('createcoupon')
  @ApiAdminOperation('Create a coupon')
  @ApiErrors(400, 409)
  @HttpCode(200)
  @ApiOkResponse({ type: CouponMessageDto })
  async create(@CurrentUser() auth: AuthUser, @Body() form: CouponWriteDto) {
    const coupon = await this.service.create(auth, form);
    return { message: Messages.couponCreated, coupon };
  }

  @Post('editcoupon/:_id')
  @ApiAdminOperation('Edit a coupon')
  @ApiErrors(400, 404, 409)
  @HttpCode(200)
  @ApiOkResponse({ type: CouponMessageDto })
  async edit(@CurrentUser() auth: AuthUser, @Param('_id') id: string, @Body() form: CouponEditDto) {
    const coupon = await this.service.edit(auth, id, form);
    return { message: Messages.couponEdited, coupon };
  }

  @Post('deletecoupon/:_id')
  @ApiAdminOperation('Delete a coupon')
  @ApiErrors(404)
  @HttpCode(200)
  @ApiOkResponse({ type: CouponMessageDto })
  async delete(@CurrentUser() auth: AuthUser, @Param('_id') id: string) {
    await this.service.delete(auth, id);
    return { message: Messages.couponDeleted };
  }

  @Get('rest/coupons')
  @SimpleRestList('coupons', 'List coupons (console table)', AdminCouponDto)
  async list(@Query() query: ListQueryDto): Promise<ListPage<AdminCouponDto>> {
    const list = parseListQuery(query, Object.keys(COUPON_SORT), ['id', 'DESC']);
    const { coupons, total } = await this.service.list(list);
    return { query: list, rows: coupons, total };
  }

  @Get('rest/coupons/:id')
  @ApiAdminOperation('Get a coupon (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: AdminCouponDto })
  get(@Param('id') id: string) {
    return this.service.get(id);
  }

  @Post('rest/coupons')
  @ApiAdminOperation('Create a coupon (console)')
  @ApiErrors(400, 409)
  @ApiCreatedResponse({ type: AdminCouponDto })
  restCreate(@CurrentUser() auth: AuthUser, @Body() form: CouponWriteDto) {
    return this.service.create(auth, form);
  }

  @Put('rest/coupons/:id')
  @ApiAdminOperation('Update a coupon (console)')
  @ApiErrors(400, 404, 409)
  @ApiOkResponse({ type: AdminCouponDto })
  restUpdate(@CurrentUser() auth: AuthUser, @Param('id') id: string, @Body() form: CouponEditDto) {
    return this.service.edit(auth, id, form);
  }

  @Delete('rest/coupons/:id')
  @ApiAdminOperation('Delete a coupon (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: AdminCouponDto })
  restDelete(@CurrentUser() auth: AuthUser, @Param('id') id: string) {
    return this.service.delete(auth, id);
  }
}
