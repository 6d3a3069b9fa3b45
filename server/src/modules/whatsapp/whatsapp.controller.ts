import {
  Body,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { WHATSAPP_CONSENT_TEXT } from '@zstore/contract/whatsapp-consent';
import {
  Authenticated,
  CurrentUser,
  Public,
  type AuthUser,
} from '../../common/auth/auth.decorators.js';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { WhatsAppAdapter } from '../../providers/whatsapp/whatsapp.adapter.js';
import {
  WebhookAnswerDto,
  WhatsAppChoiceChangeDto,
  WhatsAppChoiceDto,
} from './dto/whatsapp.dto.js';
import { WhatsAppConsents, type WhatsAppChoice } from './whatsapp-consents.service.js';
import { WhatsAppWebhooks } from './whatsapp-webhooks.service.js';
import { webhookBodyOf } from './whatsapp-raw-body.js';

@ApiTags('WhatsApp')
@Controller('whatsapp')
export class WhatsAppController {
  constructor(
    private readonly consents: WhatsAppConsents,
    private readonly adapter: WhatsAppAdapter,
    private readonly webhooks: WhatsAppWebhooks,
  ) {}

  @Get('consent')
  @ApiOperation({ summary: "The signed-in customer's WhatsApp choice and the words to agree to" })
  @ApiErrors(401)
  @Authenticated()
  @ApiOkResponse({ type: WhatsAppChoiceDto })
  async choice(@CurrentUser() auth: AuthUser): Promise<WhatsAppChoiceDto> {
    return this.answer(await this.consents.choiceOf(auth.id));
  }

  @Put('consent')
  @ApiOperation({
    summary: 'Opt in to WhatsApp order news (recording the agreed text) or opt out',
    description: 'The signed-in customer only; each change is recorded with where it was made.',
  })
  @ApiErrors(400, 401, [409, 'WHATSAPP_UNAVAILABLE', 'WHATSAPP_NO_MOBILE'])
  @Authenticated()
  @ApiOkResponse({ type: WhatsAppChoiceDto })
  async change(
    @CurrentUser() auth: AuthUser,
    @Body() dto: WhatsAppChoiceChangeDto,
  ): Promise<WhatsAppChoiceDto> {
    const choice = dto.optIn
      ? await this.consents.optIn(auth.id, dto.channel, dto.language)
      : await this.consents.optOut(auth.id, dto.channel, 'Turned off WhatsApp messages');
    return this.answer(choice);
  }

  @Get('webhook')
  @Public()
  @Header('content-type', 'text/plain; charset=utf-8')
  @ApiOperation({
    summary: "Meta's webhook subscription check",
    description:
      'Echoes `hub.challenge` when `hub.mode` is subscribe and the verify token matches.',
  })
  @ApiQuery({ name: 'hub.mode', required: false })
  @ApiQuery({ name: 'hub.verify_token', required: false })
  @ApiQuery({ name: 'hub.challenge', required: false })
  @ApiErrors(403)
  @ApiOkResponse({
    description: 'The challenge, as sent',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  verify(
    @Query('hub.mode') mode: unknown,
    @Query('hub.verify_token') token: unknown,
    @Query('hub.challenge') challenge: unknown,
  ) {
    const answer = this.adapter.verifySubscription(mode, token, challenge);
    if (answer === undefined) {
      throw new AppError(ErrorCode.Forbidden, 'The verify token does not match.', 403);
    }
    return answer;
  }

  @Post('webhook')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'WhatsApp events: message statuses and customer replies',
    description:
      'Public, but refused unless `X-Hub-Signature-256` is the HMAC-SHA256 of the exact body under the app secret.',
  })
  @ApiErrors(401)
  @ApiOkResponse({ type: WebhookAnswerDto })
  async event(
    @Req() request: FastifyRequest,
    @Headers('x-hub-signature-256') signature: string | undefined,
    @Body() body: unknown,
  ): Promise<WebhookAnswerDto> {
    if (!this.adapter.signatureIsValid(webhookBodyOf(request), signature)) {
      throw new AppError(ErrorCode.Unauthorized, 'The signature does not match.', 401);
    }
    await this.webhooks.handle(body);
    return { received: true };
  }

  private answer(choice: WhatsAppChoice): WhatsAppChoiceDto {
    return {
      available: this.consents.enabled,
      optedIn: choice.optedIn,
      mobilenumber: choice.mobilenumber,
      consentText: WHATSAPP_CONSENT_TEXT,
      language: choice.language,
      channel: choice.channel,
      changedAt: choice.changedAt?.toISOString() ?? null,
    };
  }
}
