import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { GST_STATE_CODES, GSTIN_PATTERN } from '@zstore/contract/gst-states';
import { Messages } from '@zstore/contract/messages';
import { LANGUAGES, type Language } from '../../../common/i18n/language.js';
import type { User } from '../user.js';

export class UserResponseDto {
  @ApiProperty() _id: string;
  @ApiProperty() userid: number;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: String }) mobilenumber: string | null;
  @ApiProperty({ enum: ['user', 'reseller', 'admin'] }) role: string;
  @ApiProperty({ enum: ['true', 'false'] }) verified: 'true' | 'false';
  @ApiProperty({ enum: ['true', 'false'] }) isBlocked: 'true' | 'false';
  @ApiProperty({ nullable: true, type: String, description: 'GST state code of residence' })
  state: string | null;
  @ApiProperty({ nullable: true, type: String, description: "a reseller's GSTIN" })
  gstin: string | null;
  @ApiProperty({ enum: LANGUAGES, description: 'the language of e-mails and WhatsApp messages' })
  language: Language;
  @ApiProperty() createdAt: string;
}

/** The user as the spec's clients see it: `_id`, string flags, no secrets. */
export function mapUser(user: User): UserResponseDto {
  return {
    _id: user.id,
    userid: user.userid,
    name: user.name,
    email: user.email,
    mobilenumber: user.mobilenumber,
    role: user.role,
    verified: user.verified ? 'true' : 'false',
    isBlocked: user.isBlocked ? 'true' : 'false',
    state: user.stateCode,
    gstin: user.gstin,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
  };
}

export class EditProfileDto {
  @ApiProperty()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
  )
  @IsInt()
  userid: number;

  @ApiProperty()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  // Checked from the bottom up: a missing name is "Name is required.", not a length message.
  @MaxLength(80)
  @IsString({ message: Messages.nameRequired })
  @IsNotEmpty({ message: Messages.nameRequired })
  name: string;

  /** The GST state code of where the buyer lives (tax invoices); left out = unchanged. */
  @ApiPropertyOptional({ enum: GST_STATE_CODES, example: '27' })
  @IsOptional()
  @IsIn(GST_STATE_CODES, { message: Messages.invalidState })
  state?: string;

  /** A reseller's GSTIN; `''` or null removes it, left out = unchanged. */
  @ApiPropertyOptional({ nullable: true, type: String, example: '27AAPFU0939F1ZV' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @ValidateIf((_, value) => value !== '' && value !== null)
  @Matches(GSTIN_PATTERN, { message: Messages.invalidGstin })
  gstin?: string | null;
}

export class EditProfileResponseDto {
  @ApiProperty() message: string;
  @ApiProperty({ type: UserResponseDto }) user: UserResponseDto;
}
