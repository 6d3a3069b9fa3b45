import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  Authenticated,
  ClientIp,
  CurrentUser,
  Public,
  type AuthUser,
} from '../../common/auth/auth.decorators.js';
import { AuthService } from './auth.service.js';
import { RequestLanguage } from '../../common/i18n/request-language.decorator.js';
import { isLanguage, languageFromHeader, type Language } from '../../common/i18n/language.js';
import { DeviceId } from '../referrals/device-id.decorator.js';
import { perIp, RateLimit } from '../../common/http/rate-limit.js';
import {
  CodeMsgResponseDto,
  LoginDto,
  MsgResponseDto,
  RegisterDto,
  RoleResponseDto,
  SessionResponseDto,
  ValidateUserDto,
  VerifyAndRegisterDto,
} from './dto/auth.dto.js';
import { GoogleLoginService } from './google-login.service.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { ErrorBodyWithMsg } from '../../common/openapi/error-body.js';
import { EdgeBody } from '../../common/http/validated-body.js';
import { ClientErrorField } from '../../common/http/client-error-field.js';

const STATE_COOKIE = 'zs_google';
const TICKET_COOKIE = 'zs_login';

@ApiTags('Auth')
@ClientErrorField('msg')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly service: AuthService,
    private readonly google: GoogleLoginService,
  ) {}

  @Post('register')
  @ApiOperation({ summary: 'Start registration: checks the details and sends an SMS code' })
  @ApiErrors(
    ErrorBodyWithMsg,
    [400, 'VALIDATION', 'WEAK_PASSWORD', 'EMAIL_LOOK_ALIKE'],
    [409, 'EMAIL_TAKEN', 'MOBILE_TAKEN'],
    [429, 'RATE_LIMITED', 'OTP_COOLDOWN'],
    [503, 'PROVIDER_FAILED'],
  )
  @Public()
  @HttpCode(200)
  @RateLimit(perIp('register', (limits) => limits.register))
  @ApiOkResponse({ type: MsgResponseDto })
  register(@ClientIp() ip: string, @EdgeBody() dto: RegisterDto) {
    return this.service.register(ip, dto);
  }

  @Post('verifyandregister')
  @ApiOperation({ summary: 'Finish registration with the SMS code' })
  @ApiErrors(
    ErrorBodyWithMsg,
    [400, 'VALIDATION', 'OTP_EXPIRED', 'OTP_INVALID', 'WEAK_PASSWORD', 'EMAIL_LOOK_ALIKE'],
    [409, 'EMAIL_TAKEN', 'MOBILE_TAKEN'],
    429,
  )
  @Public()
  @HttpCode(201)
  @ApiCreatedResponse({ type: MsgResponseDto })
  verifyAndRegister(
    @ClientIp() ip: string,
    @Body() dto: VerifyAndRegisterDto,
    @DeviceId() deviceId: string | undefined,
    @RequestLanguage() language: Language,
  ) {
    return this.service.verifyAndRegister(ip, dto, deviceId, language);
  }

  @Post('login')
  @ApiOperation({ summary: 'Sign in with e-mail and password' })
  @ApiErrors(
    ErrorBodyWithMsg,
    400,
    [401, 'WRONG_PASSWORD'],
    [403, 'BLOCKED', 'EMAIL_NOT_VERIFIED'],
    [404, 'USER_NOT_FOUND'],
    429,
  )
  @Public()
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @RateLimit(perIp('login', (limits) => limits.login), {
    key: ({ body, ip }) => `login:account-ip:${body.email}:${ip}`,
    rule: (limits) => limits.login,
  })
  @ApiOkResponse({ type: SessionResponseDto })
  login(
    @ClientIp() ip: string,
    @EdgeBody() dto: LoginDto,
    @DeviceId() deviceId: string | undefined,
  ) {
    return this.service.login(ip, dto, deviceId);
  }

  @Post('verifymail/:id/:token')
  @ApiOperation({ summary: 'Verify an e-mail address with the e-mailed link' })
  @ApiErrors(ErrorBodyWithMsg, [400, 'VERIFICATION_INVALID'])
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: CodeMsgResponseDto })
  verifyMail(@Param('id') id: string, @Param('token') token: string) {
    return this.service.verifyMail(id, token);
  }

  @Post('validateuser')
  @ApiOperation({ summary: "Check the caller's role against the roles a page requires" })
  @ApiErrors(ErrorBodyWithMsg, 400, 401, [403, 'FORBIDDEN', 'BLOCKED'])
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: RoleResponseDto })
  validateUser(@CurrentUser() auth: AuthUser, @Body() dto: ValidateUserDto) {
    return this.service.validateUser(auth, dto);
  }

  /** Starts Google sign-in: remembers state and nonce in a signed cookie, then goes to Google. */
  @Get('google')
  @ApiOperation({
    summary: 'Start Google sign-in',
    description:
      "`?lang=en|hi` gives a new account's language (the storefront's UI language); the Accept-Language header's when absent.",
  })
  @ApiResponse({ status: 302, description: "Redirect to Google's consent page" })
  @Public()
  startGoogle(
    @Query('lang') lang: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const { state, nonce, url } = this.google.start(callbackUrl(request));
    // A sign-in is a page navigation: the storefront's UI language comes as `lang`.
    const language = isLanguage(lang)
      ? lang
      : languageFromHeader(request.headers['accept-language']);
    return reply
      .setCookie(STATE_COOKIE, `${state}.${nonce}.${language}`, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/api/auth/google',
        maxAge: 600,
      })
      .redirect(url, 302);
  }

  @Get('google/callback')
  @ApiOperation({ summary: "Google's redirect back after consent" })
  @ApiResponse({
    status: 302,
    description:
      'Redirect to /home?success=true, or success=false with reason=unverified, linked or failed',
  })
  @Public()
  async googleCallback(
    @Query('code') code: string | undefined,
    @Query('state') state: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const cookie = request.unsignCookie(request.cookies[STATE_COOKIE] ?? '');
    const [expectedState, nonce, language] =
      cookie.valid && cookie.value ? cookie.value.split('.') : [];
    void reply.clearCookie(STATE_COOKIE, { path: '/api/auth/google' });
    const outcome =
      code && state && expectedState === state
        ? await this.google.finish(
            code,
            callbackUrl(request),
            nonce,
            isLanguage(language) ? language : 'en',
          )
        : ({ refused: 'failed' } as const);
    if ('refused' in outcome) {
      return reply.redirect(`/home?success=false&reason=${outcome.refused}`, 302);
    }
    return reply
      .setCookie(TICKET_COOKIE, outcome.ticket, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/api/auth',
        maxAge: 120,
      })
      .redirect('/home?success=true', 302);
  }

  @Get('login/success')
  @ApiOperation({
    summary: 'Collect the session after Google sign-in',
    description: 'Reads the one-time cookie the callback set.',
  })
  @ApiErrors(ErrorBodyWithMsg, 401, [403, 'BLOCKED'])
  @Public()
  @Header('cache-control', 'no-store')
  @ApiOkResponse({ type: SessionResponseDto })
  async loginSuccess(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const ticket = request.cookies[TICKET_COOKIE];
    void reply.clearCookie(TICKET_COOKIE, { path: '/api/auth' });
    return this.google.redeem(ticket);
  }
}

function callbackUrl(request: FastifyRequest) {
  return `${request.protocol}://${request.host}/api/auth/google/callback`;
}
