import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsNumber, IsString, Max, MaxLength, Min } from 'class-validator';
import { Messages } from '@zstore/contract/messages';
import { WalletTransactionDto } from './wallet.dto.js';

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
    ? Number(value)
    : value;

/** Spec 002's add-balance call: the numeric `userId`, that user's `email`, rupees. */
export class AddUserBalanceDto {
  @ApiProperty({ description: "The user's numeric userid" })
  @Transform(toNumber)
  @IsInt({ message: Messages.adminCreditUserId })
  @Min(1, { message: Messages.adminCreditUserId })
  @Max(2_147_483_647, { message: Messages.adminCreditUserId })
  userId: number;

  @ApiProperty({ description: "The user's e-mail, as a check that the right user is credited" })
  @MaxLength(254, { message: Messages.adminCreditEmailMismatch })
  @IsNotEmpty({ message: Messages.adminCreditEmailRequired })
  // class-validator runs a property's checks bottom-up: the type first.
  @IsString({ message: Messages.adminCreditEmailRequired })
  email: string;

  @ApiProperty({ description: 'Rupees above 0, at most 1,00,000, at most 2 decimals' })
  @Transform(toNumber)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: Messages.adminCreditAmount })
  amount: number;
}

export class AddUserBalanceResponseDto {
  @ApiProperty() message: string;
  @ApiProperty({ description: "The user's Z-Coins balance afterwards, in rupees" })
  balance: number;
}

export class AdminWalletPageDto {
  @ApiProperty({ type: [WalletTransactionDto] }) transactions: WalletTransactionDto[];
  @ApiProperty() currentPage: number;
  @ApiProperty() totalPages: number;
  @ApiProperty() totalItems: number;
}
