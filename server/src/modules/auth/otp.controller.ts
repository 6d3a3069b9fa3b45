import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientIp, Public } from '../../common/auth/auth.decorators.js';
import {
  OtpMobileDto,
  OtpResponseDto,
  OtpSessionResponseDto,
  OtpTimerResponseDto,
  VerifyOtpDto,
} from './dto/auth.dto.js';
import { OtpLoginService } from './otp-login.service.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { OtpErrorBody } from '../../common/openapi/error-body.js';
import { ClientErrorField } from '../../common/http/client-error-field.js';

@ApiTags('OTP')
@ClientErrorField('success')
@Controller('otp')
export class OtpController {
  constructor(private readonly service: OtpLoginService) {}

  @Post('otp-login')
  @ApiOperation({
    summary: 'Send a sign-in code by SMS, or on WhatsApp for an account that opted in',
  })
  @ApiErrors(
    OtpErrorBody,
    400,
    [404, 'MOBILE_NOT_REGISTERED'],
    [403, 'BLOCKED'],
    [409, 'WHATSAPP_NOT_OPTED_IN'],
    [429, 'RATE_LIMITED', 'OTP_COOLDOWN'],
    [503, 'PROVIDER_FAILED'],
  )
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: OtpResponseDto })
  sendCode(@ClientIp() ip: string, @Body() dto: OtpMobileDto) {
    return this.service.sendCode(ip, dto.mobile);
  }

  @Post('whatsapp-login')
  @ApiOperation({
    summary: 'Send a sign-in code on WhatsApp instead of SMS',
    description:
      'For an account that opted in to WhatsApp messages; the code is checked by `verify-otp` like an SMS code.',
  })
  @ApiErrors(
    OtpErrorBody,
    400,
    [404, 'MOBILE_NOT_REGISTERED'],
    [403, 'BLOCKED'],
    [409, 'WHATSAPP_NOT_OPTED_IN'],
    [429, 'RATE_LIMITED', 'OTP_COOLDOWN'],
    [503, 'PROVIDER_FAILED'],
  )
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: OtpResponseDto })
  sendCodeOnWhatsApp(@ClientIp() ip: string, @Body() dto: OtpMobileDto) {
    return this.service.sendCode(ip, dto.mobile, 'whatsapp');
  }

  @Post('timer')
  @ApiOperation({ summary: 'Seconds until another code may be sent' })
  @ApiErrors(OtpErrorBody, 400)
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: OtpTimerResponseDto })
  timer(@Body() dto: OtpMobileDto) {
    return this.service.timer(dto.mobile);
  }

  @Post('verify-otp')
  @ApiOperation({ summary: 'Sign in with the SMS code' })
  @ApiErrors(
    OtpErrorBody,
    [400, 'VALIDATION', 'OTP_EXPIRED', 'OTP_INVALID'],
    [403, 'BLOCKED'],
    [404, 'MOBILE_NOT_REGISTERED'],
    429,
  )
  @Public()
  @Header('cache-control', 'no-store')
  @HttpCode(200)
  @ApiOkResponse({ type: OtpSessionResponseDto })
  verify(@ClientIp() ip: string, @Body() dto: VerifyOtpDto) {
    return this.service.verify(ip, dto.mobile, dto.otp);
  }
}
