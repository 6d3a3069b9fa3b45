import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import {
  CodeMsgResponseDto,
  ForgetPasswordDto,
  MsgResponseDto,
  ResetPasswordDto,
} from './dto/auth.dto.js';
import { PasswordResetService } from './password-reset.service.js';
import { perIp, RateLimit } from '../../common/http/rate-limit.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { ErrorBodyWithMsg } from '../../common/openapi/error-body.js';
import { EdgeBody } from '../../common/http/validated-body.js';
import { ClientErrorField } from '../../common/http/client-error-field.js';

@ApiTags('Password')
@ClientErrorField('msg')
@Controller('password')
export class PasswordController {
  constructor(private readonly service: PasswordResetService) {}

  @Post('forgetpassword')
  @ApiOperation({ summary: 'E-mail a password reset link' })
  @ApiErrors(ErrorBodyWithMsg, 400, 404, 429, 503)
  @Public()
  @HttpCode(200)
  @RateLimit(
    { key: ({ body }) => `reset:email:${body.email}`, rule: (limits) => limits.passwordReset },
    perIp('reset', ({ passwordReset }) => ({ ...passwordReset, limit: passwordReset.limit * 4 })),
  )
  @ApiOkResponse({ type: MsgResponseDto })
  forgetPassword(@EdgeBody() dto: ForgetPasswordDto) {
    return this.service.requestLink(dto.email);
  }

  @Post('reset-password/:id/:token')
  @ApiOperation({ summary: 'Set a new password with the e-mailed link' })
  @ApiErrors(ErrorBodyWithMsg, [400, 'VALIDATION', 'LINK_CORRUPTED', 'WEAK_PASSWORD'])
  @Public()
  @HttpCode(200)
  @RateLimit(perIp('reset-submit', (limits) => limits.passwordResetSubmit), {
    key: ({ params }) => `reset-submit:account:${params.id}`,
    rule: (limits) => limits.passwordResetSubmit,
  })
  @ApiOkResponse({ type: CodeMsgResponseDto })
  resetPassword(
    @Param('id') id: string,
    @Param('token') token: string,
    @EdgeBody() dto: ResetPasswordDto,
  ) {
    return this.service.reset(id, token, dto.password);
  }
}
