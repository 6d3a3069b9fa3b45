import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListQueryDto, parseListQuery } from '../../common/http/simple-rest.js';
import { SimpleRestList, type ListPage } from '../../common/http/list-page.js';
import {
  AdminUserResponseDto,
  AdminUsersPageDto,
  AdminUserUpdatedDto,
  AdminUserUpdateDto,
  UpdateUserDataDto,
  UsersPageQueryDto,
} from './dto/user-admin.dto.js';
import { Messages } from '@zstore/contract/messages';
import { Role } from '../../common/auth/role.js';
import { USER_SORTABLE, UsersAdminService } from './users-admin.service.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';

/** Spec 002's user calls, and the same service for the console's simple-rest table. */
@ApiTags('Admin: users')
@Authenticated(Role.Admin)
@Controller('admin')
export class UsersAdminController {
  constructor(private readonly service: UsersAdminService) {}

  @Get('users_data')
  @ApiAdminOperation('List users, a page at a time')
  @ApiErrors(400)
  @ApiOkResponse({ type: AdminUsersPageDto })
  page(@Query() query: UsersPageQueryDto) {
    return this.service.page(query.page, query.limit);
  }

  @Post('updateuserdata')
  @ApiAdminOperation("Update a user's data")
  @ApiErrors([400, 'VALIDATION', 'EMAIL_LOOK_ALIKE'], 404, [409, 'EMAIL_TAKEN', 'MOBILE_TAKEN'])
  @ApiOkResponse({ type: AdminUserUpdatedDto })
  @HttpCode(200)
  async updateUserData(@CurrentUser() auth: AuthUser, @Body() dto: UpdateUserDataDto) {
    const { _id: id, userid: _userid, ...changes } = dto;
    const user = await this.service.update(auth, id, changes);
    return { message: Messages.userUpdated, user };
  }

  @Get('rest/users')
  @SimpleRestList('users', 'List users (console table)', AdminUserResponseDto)
  async list(@Query() query: ListQueryDto): Promise<ListPage<AdminUserResponseDto>> {
    const list = parseListQuery(query, USER_SORTABLE, ['userid', 'ASC']);
    const { users, total } = await this.service.list(list);
    return { query: list, rows: users, total };
  }

  @Get('rest/users/:id')
  @ApiAdminOperation('Get a user (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: AdminUserResponseDto })
  get(@Param('id') id: string) {
    return this.service.get(id);
  }

  @Put('rest/users/:id')
  @ApiAdminOperation('Update a user (console)')
  @ApiErrors([400, 'VALIDATION', 'EMAIL_LOOK_ALIKE'], 404, [409, 'EMAIL_TAKEN', 'MOBILE_TAKEN'])
  @ApiOkResponse({ type: AdminUserResponseDto })
  update(@CurrentUser() auth: AuthUser, @Param('id') id: string, @Body() dto: AdminUserUpdateDto) {
    return this.service.update(auth, id, dto);
  }
}
