import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { normalizeEmail } from '@zstore/contract/email-address';
import { Messages } from '@zstore/contract/messages';
import { Role } from '../../../common/auth/role.js';
import type { User } from '../user.js';
import { mapUser, UserResponseDto } from './user.dto.js';

const flag = ({ value }: { value: unknown }) =>
  value === true || value === 'true'
    ? 'true'
    : value === false || value === 'false'
      ? 'false'
      : value;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The fields an admin may change on a user; anything else in the body is refused. */
export class AdminUserUpdateDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: Messages.nameRequired })
  @MaxLength(80)
  name?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(trim)
  @ValidateIf((_, value) => value !== '' && value !== null)
  @Matches(/^[6-9]\d{9}$/, { message: Messages.invalidMobile })
  mobilenumber?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? normalizeEmail(value) : value,
  )
  @IsEmail({}, { message: Messages.invalidEmail })
  email?: string;

  @ApiPropertyOptional({ enum: Role })
  @IsOptional()
  @IsIn(Object.values(Role))
  role?: Role;

  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @Transform(flag)
  @IsIn(['true', 'false'])
  verified?: 'true' | 'false';

  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @Transform(flag)
  @IsIn(['true', 'false'])
  isBlocked?: 'true' | 'false';
}

/** Spec 002's `POST /admin/updateuserdata`: the user's fields plus `_id` and `userid` to find them. */
export class UpdateUserDataDto extends AdminUserUpdateDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  _id: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  userid?: number;
}

/** `?page&limit` of spec 002's users list. */
export class UsersPageQueryDto extends PageQueryDto {}

export class AdminUserResponseDto extends UserResponseDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'Z-Coins in rupees' }) balance: number;
}

export class AdminUsersPageDto {
  @ApiProperty({ type: [AdminUserResponseDto] }) users: AdminUserResponseDto[];
  @ApiProperty() totalPages: number;
  @ApiProperty() totalCount: number;
}

export class AdminUserUpdatedDto {
  @ApiProperty({ example: 'User updated successfully!' }) message: string;
  @ApiProperty({ type: AdminUserResponseDto }) user: AdminUserResponseDto;
}

export function mapAdminUser(user: User): AdminUserResponseDto {
  return { id: user.id, ...mapUser(user), balance: user.balance / 100 };
}
