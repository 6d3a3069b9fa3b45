import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Messages } from '@zstore/contract/messages';
import { toRupees } from '../../../common/money.js';
import { PaymentLinksDto, UpiIntentDto } from '../../payments/payment-links.js';
import type { WalletTxn } from '../wallet-transaction.entity.js';

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
    ? Number(value)
    : value;

export class BalanceDto {
  @ApiProperty({ description: 'Rupees (Z-Coins) or points' }) balance: number;
}

export class WalletTransactionDto {
  @ApiProperty({ description: 'Equals _id (react-admin)' }) id: string;
  @ApiProperty() _id: string;
  @ApiProperty() txnid: string;
  @ApiProperty({ enum: ['Credit', 'Debit', 'Refunded'] }) type: string;
  @ApiProperty({ enum: ['Created', 'Pending', 'Success', 'Failed', 'Processing'] }) status: string;
  @ApiProperty({
    enum: ['topup', 'order', 'refund', 'admin', 'redeem', 'late_payment', 'compensation'],
    description:
      'What the movement was: a top-up, an order, a refund, an admin credit, redeemed points, a late UPI payment',
  })
  purpose: string;
  @ApiProperty({ description: 'Rupees' }) amount: number;
  @ApiPropertyOptional({ nullable: true, type: String }) orderid: string | null;
  @ApiProperty() userid: number;
  @ApiProperty() useremail: string;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export function mapWalletTxn(txn: WalletTxn): WalletTransactionDto {
  return {
    id: txn.id,
    _id: txn.id,
    txnid: txn.txnid,
    type: txn.type,
    status: txn.status,
    purpose: txn.purpose,
    amount: toRupees(txn.amount),
    orderid: txn.orderid,
    userid: txn.userid,
    useremail: txn.userEmail,
    createdAt: txn.createdAt.toISOString(),
    updatedAt: txn.updatedAt.toISOString(),
  };
}

export class TopupDto {
  @ApiProperty({ description: 'Rupees, a whole number above 0' })
  @Transform(toNumber)
  @IsInt({ message: Messages.invalidAmount })
  @Min(1, { message: Messages.invalidAmount })
  @Max(100_000, { message: Messages.invalidAmount })
  value: number;

  @ApiProperty()
  @Transform(toNumber)
  @IsInt({ message: Messages.notFound })
  userid: number;
}

export class TxnStatusDto {
  @ApiProperty()
  @IsString({ message: Messages.notFound })
  @MaxLength(64, { message: Messages.notFound })
  client_txn_id: string;

  @ApiPropertyOptional({ description: 'DD-MM-YYYY; the stored creation date is used instead' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  date?: string;
}

export class RedeemDto {
  @ApiProperty({ description: 'Whole points above 0' })
  @Transform(toNumber)
  @IsInt({ message: Messages.invalidPointsAmount })
  @Min(1, { message: Messages.invalidPointsAmount })
  @Max(10_000_000, { message: Messages.invalidPointsAmount })
  value: number;

  @ApiProperty()
  @Transform(toNumber)
  @IsInt({ message: Messages.notFound })
  userid: number;
}

export class PaymentLinkDataDto extends PaymentLinksDto {
  @ApiProperty() txnid: string;
}

export class TopupResponseDto {
  @ApiProperty() status: boolean;
  @ApiProperty({ type: PaymentLinkDataDto }) data: PaymentLinkDataDto;
}

export class TxnStatusDataDto {
  @ApiProperty() txnid: string;
  @ApiProperty() status: string;
  @ApiProperty({ description: 'Rupees' }) amount: number;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: "The gateway's payment page, while an unpaid top-up can still be paid",
  })
  paymentUrl: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: UpiIntentDto,
    description: "The gateway's UPI app links of the same payment, while it can still be paid",
  })
  upiIntent: UpiIntentDto | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'When the unpaid top-up expires, while it can still be paid',
  })
  expiresAt: string | null;
}

export class TxnStatusResponseDto {
  @ApiProperty({ type: TxnStatusDataDto }) data: TxnStatusDataDto;
}

export class RedeemResponseDto {
  @ApiProperty() msg: string;
  @ApiProperty() message: string;
  @ApiProperty({ description: 'Points left' }) points: number;
  @ApiProperty({ description: 'Z-Coins balance in rupees' }) balance: number;
}
