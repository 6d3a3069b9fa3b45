import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ParseWholeNumberPipe } from '../../common/http/whole-number.pipe.js';
import { EditProfileDto, EditProfileResponseDto, OrderStatsDto } from './dto/user.dto.js';
import { UsersService } from './users.service.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';

@ApiTags('User')
@Controller('user')
export class UsersController {
  constructor(private readonly service: UsersService) {}

  @Post('edit-profile')
  @ApiOperation({ summary: "Change the caller's name" })
  @ApiErrors(400, 404)
  @HttpCode(200)
  @Authenticated()
  @ApiOkResponse({ type: EditProfileResponseDto })
  editProfile(@CurrentUser() auth: AuthUser, @Body() dto: EditProfileDto) {
    return this.service.editProfile(auth, dto);
  }

  @Get('myorder/:userid')
  @ApiOperation({
    summary: "Count a user's orders by status",
    description: 'The owner or an admin; anyone else gets 404.',
  })
  @ApiErrors(400, 404)
  @Authenticated()
  @ApiOkResponse({ type: OrderStatsDto })
  getOrderStats(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
  ) {
    return this.service.getOrderStats(auth, userid);
  }
}
