import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import {
  WHATSAPP_CONSENT_TEXT,
  type WhatsAppConsentChannel,
} from '@zstore/contract/whatsapp-consent';
import { WHATSAPP_LANGUAGES } from '../../../providers/whatsapp/whatsapp-templates.js';

const CHOICE_CHANNELS = ['checkout', 'profile'] as const;

export class WhatsAppChoiceDto {
  @ApiProperty({ description: 'Whether the store sends WhatsApp messages at all' })
  available: boolean;
  @ApiProperty({ description: 'Whether order news goes to this customer on WhatsApp now' })
  optedIn: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, example: '9000000001' })
  mobilenumber: string | null;
  @ApiProperty({
    description: 'The words the customer agrees to by opting in',
    example: WHATSAPP_CONSENT_TEXT,
  })
  consentText: string;
  @ApiProperty({ enum: WHATSAPP_LANGUAGES }) language: string;
  @ApiPropertyOptional({
    nullable: true,
    enum: ['checkout', 'profile', 'whatsapp'],
    description: 'Where the latest choice was made',
  })
  channel: WhatsAppConsentChannel | null;
  @ApiPropertyOptional({ nullable: true, type: String }) changedAt: string | null;
}

export class WhatsAppChoiceChangeDto {
  @ApiProperty({ description: 'true to opt in (agreeing to `consentText`), false to opt out' })
  @IsBoolean({ message: 'Say whether to turn WhatsApp messages on or off.' })
  optIn: boolean;

  @ApiProperty({ enum: CHOICE_CHANNELS, description: 'Where the customer made the choice' })
  @IsIn(CHOICE_CHANNELS, { message: 'Choose where WhatsApp was turned on or off.' })
  channel: (typeof CHOICE_CHANNELS)[number];

  @ApiPropertyOptional({
    enum: WHATSAPP_LANGUAGES,
    description: "The customer's language; en when absent",
  })
  @IsOptional()
  @IsIn(WHATSAPP_LANGUAGES, { message: 'This language is not available for WhatsApp messages.' })
  language?: string;
}

export class WebhookAnswerDto {
  @ApiProperty({ example: true }) received: boolean;
}
