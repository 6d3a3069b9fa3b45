import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { EditProfileDto, EditProfileResponseDto } from './dto/user.dto.js';
import { LanguageResponseDto, LanguageUpdateDto } from './dto/user-language.dto.js';
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

  @Put('language')
  @ApiOperation({
    summary: "Set the caller's language for e-mails and WhatsApp messages",
    description: 'The signed-in customer only: `en` or `hi`.',
  })
  @ApiErrors(400, 401)
  @HttpCode(200)
  @Authenticated()
  @ApiOkResponse({ type: LanguageResponseDto })
  setLanguage(
    @CurrentUser() auth: AuthUser,
    @Body() dto: LanguageUpdateDto,
  ): Promise<LanguageResponseDto> {
    return this.service.setLanguage(auth, dto);
  }
}
