import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { normalizeEmail } from '@zstore/contract/email-address';
import { Messages } from '@zstore/contract/messages';
import { UserResponseDto } from '../../users/dto/user.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Trimmed, NFKC-normalised, lower case: a full-width address is the one it stands for. */
const email = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? normalizeEmail(value) : value;
const MOBILE = /^[6-9]\d{9}$/;
const OTP = /^\d{4}$/;

// class-validator checks a property's decorators from the one nearest the property upwards and
// the pipe stops at the first failure, so each presence check sits nearest its property: a
// missing field gets the spec's "fill in" text, not a format or length message.

export class RegisterDto {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(80)
  @IsString({ message: Messages.fillAllFields })
  @IsNotEmpty({ message: Messages.fillAllFields })
  name: string;

  @ApiProperty({ example: '9876543210' })
  @Transform(trim)
  @Matches(MOBILE, { message: Messages.invalidMobile })
  @IsNotEmpty({ message: Messages.fillAllFields })
  mobileNumber: string;

  @ApiProperty()
  @Transform(email)
  @MaxLength(254)
  @IsEmail({}, { message: Messages.invalidEmail })
  @IsNotEmpty({ message: Messages.fillAllFields })
  email: string;

  @ApiProperty({ description: '8 to 128 characters, not a common password' })
  @IsString({ message: Messages.fillAllFields })
  @IsNotEmpty({ message: Messages.fillAllFields })
  password: string;
}

export class VerifyAndRegisterDto {
  @ApiProperty()
  @Transform(trim)
  @Matches(MOBILE, { message: Messages.invalidMobile })
  @IsNotEmpty({ message: Messages.otpAndMobileRequired })
  mobileNumber: string;

  @ApiProperty({ example: '1234' })
  @Transform(trim)
  @Matches(OTP, { message: Messages.invalidOtp })
  @IsNotEmpty({ message: Messages.otpAndMobileRequired })
  otp: string;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(80)
  @IsString({ message: Messages.fillAllFields })
  @IsNotEmpty({ message: Messages.fillAllFields })
  name: string;

  @ApiProperty()
  @Transform(email)
  @IsEmail({}, { message: Messages.invalidEmail })
  @IsNotEmpty({ message: Messages.fillAllFields })
  email: string;

  @ApiProperty()
  @IsString({ message: Messages.fillAllFields })
  @IsNotEmpty({ message: Messages.fillAllFields })
  password: string;

  @ApiPropertyOptional({
    description: 'The code of the customer who referred this one (`/register?ref=CODE`)',
    example: 'K7M2QX9P',
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(16)
  referralCode?: string;
}

export class LoginDto {
  @ApiProperty()
  @Transform(email)
  @IsEmail({}, { message: Messages.invalidEmail })
  @IsNotEmpty({ message: Messages.fillAllFields })
  email: string;

  @ApiProperty()
  @MaxLength(128)
  @IsString({ message: Messages.fillAllFields })
  @IsNotEmpty({ message: Messages.fillAllFields })
  password: string;
}

export class VerifyMailDto {
  @ApiPropertyOptional() @IsOptional() @IsString() id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() token?: string;
}

export class ValidateUserDto {
  @ApiPropertyOptional({ type: [String], example: ['user', 'reseller', 'admin'] })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  requiredRoles?: string[];
}

export class ForgetPasswordDto {
  @ApiProperty()
  @Transform(email)
  @IsNotEmpty({ message: Messages.invalidEmail })
  @IsEmail({}, { message: Messages.invalidEmail })
  email: string;
}

export class ResetPasswordDto {
  @ApiProperty()
  @IsString({ message: Messages.fillAllFields })
  @IsNotEmpty({ message: Messages.fillAllFields })
  password: string;
}

export class OtpMobileDto {
  @ApiProperty({ example: '9000000001' })
  @Transform(trim)
  @IsNotEmpty({ message: Messages.invalidMobile })
  @Matches(MOBILE, { message: Messages.invalidMobile })
  mobile: string;
}

export class VerifyOtpDto extends OtpMobileDto {
  @ApiProperty({ example: '1234' })
  @Transform(trim)
  @IsNotEmpty({ message: Messages.invalidOtp })
  @Matches(OTP, { message: Messages.invalidOtp })
  otp: string;
}

export class MsgResponseDto {
  @ApiProperty() msg: string;
}

export class CodeMsgResponseDto extends MsgResponseDto {
  @ApiProperty({ enum: ['0', '1'] }) code: '0' | '1';
}

export class SessionResponseDto {
  @ApiProperty() token: string;
  @ApiProperty({ type: UserResponseDto }) user: UserResponseDto;
}

export class OtpResponseDto {
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
}

export class OtpTimerResponseDto extends OtpResponseDto {
  @ApiProperty({ description: 'milliseconds until another code may be sent' }) timer: number;
}

export class OtpSessionResponseDto extends OtpResponseDto {
  @ApiProperty() token: string;
  @ApiProperty({ type: UserResponseDto }) user: UserResponseDto;
}

export class RoleResponseDto {
  @ApiProperty({ enum: ['user', 'reseller', 'admin'] }) role: string;
}
