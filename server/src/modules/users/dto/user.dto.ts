import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Messages } from '@zstore/contract/messages';
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
}

export class EditProfileResponseDto {
  @ApiProperty() message: string;
  @ApiProperty({ type: UserResponseDto }) user: UserResponseDto;
}
