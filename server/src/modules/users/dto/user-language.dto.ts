import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { LANGUAGES, type Language } from '../../../common/i18n/language.js';

export class LanguageUpdateDto {
  @ApiProperty({ enum: LANGUAGES, description: "The customer's language for e-mails and WhatsApp" })
  @IsIn(LANGUAGES, { message: 'Choose en or hi.' })
  language: Language;
}

export class LanguageResponseDto {
  @ApiProperty({ enum: LANGUAGES }) language: Language;
}
