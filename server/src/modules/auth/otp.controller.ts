import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ClientIp, Public } from '../../common/auth/auth.decorators.js';
import {
  OtpMobileDto,
  OtpResponseDto,
  OtpSessionResponseDto,
  OtpTimerResponseDto,
  VerifyOtpDto,
} from './dto/auth.dto.js';
import { OtpLoginService } from './otp-login.service.js';

@ApiTags('OTP')
@Controller('otp')
export class OtpController {
  constructor(private readonly service: OtpLoginService) {}

  @Post('otp-login')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: OtpResponseDto })
  sendCode(@ClientIp() ip: string, @Body() dto: OtpMobileDto) {
    return this.service.sendCode(ip, dto.mobile);
  }

  @Post('timer')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: OtpTimerResponseDto })
  timer(@Body() dto: OtpMobileDto) {
    return this.service.timer(dto.mobile);
  }

  @Post('verify-otp')
  @Public()
  @Header('cache-control', 'no-store')
  @HttpCode(200)
  @ApiOkResponse({ type: OtpSessionResponseDto })
  verify(@Body() dto: VerifyOtpDto) {
    return this.service.verify(dto.mobile, dto.otp);
  }
}
