import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientIp, Public } from '../../common/auth/auth.decorators.js';
import {
  CodeMsgResponseDto,
  ForgetPasswordDto,
  MsgResponseDto,
  ResetPasswordDto,
} from './dto/auth.dto.js';
import { PasswordResetService } from './password-reset.service.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { ErrorBodyWithMsg } from '../../common/openapi/error-body.js';

@ApiTags('Password')
@Controller('password')
export class PasswordController {
  constructor(private readonly service: PasswordResetService) {}

  @Post('forgetpassword')
  @ApiOperation({ summary: 'E-mail a password reset link' })
  @ApiErrors(ErrorBodyWithMsg, 400, 404, 429, 503)
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: MsgResponseDto })
  forgetPassword(@ClientIp() ip: string, @Body() dto: ForgetPasswordDto) {
    return this.service.requestLink(ip, dto.email);
  }

  @Post('reset-password/:id/:token')
  @ApiOperation({ summary: 'Set a new password with the e-mailed link' })
  @ApiErrors(ErrorBodyWithMsg, [400, 'VALIDATION', 'LINK_CORRUPTED', 'WEAK_PASSWORD'])
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
