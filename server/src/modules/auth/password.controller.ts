import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ClientIp, Public } from '../../common/auth/auth.decorators.js';
import {
  CodeMsgResponseDto,
  ForgetPasswordDto,
  MsgResponseDto,
  ResetPasswordDto,
} from './dto/auth.dto.js';
import { PasswordResetService } from './password-reset.service.js';

@ApiTags('Password')
@Controller('password')
export class PasswordController {
  constructor(private readonly service: PasswordResetService) {}

  @Post('forgetpassword')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: MsgResponseDto })
  forgetPassword(@ClientIp() ip: string, @Body() dto: ForgetPasswordDto) {
    return this.service.requestLink(ip, dto.email);
  }

  @Post('reset-password/:id/:token')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: CodeMsgResponseDto })
  resetPassword(
    @ClientIp() ip: string,
    @Param('id') id: string,
    @Param('token') token: string,
    @Body() dto: ResetPasswordDto,
  ) {
    return this.service.reset(ip, id, token, dto.password);
  }
}
