import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ParseWholeNumberPipe } from '../../common/http/whole-number.pipe.js';
import { EditProfileDto, EditProfileResponseDto, OrderStatsDto } from './dto/user.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('User')
@Controller('user')
export class UsersController {
  constructor(private readonly service: UsersService) {}

  @Post('edit-profile')
  @HttpCode(200)
  @Authenticated()
  @ApiOkResponse({ type: EditProfileResponseDto })
  editProfile(@CurrentUser() auth: AuthUser, @Body() dto: EditProfileDto) {
    return this.service.editProfile(auth, dto);
  }

  @Get('myorder/:userid')
  @Authenticated()
  @ApiOkResponse({ type: OrderStatsDto })
  getOrderStats(
    @CurrentUser() auth: AuthUser,
    @Param('userid', ParseWholeNumberPipe) userid: number,
  ) {
    return this.service.getOrderStats(auth, userid);
  }
}
