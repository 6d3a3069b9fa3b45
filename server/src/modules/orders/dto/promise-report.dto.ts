import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export class PromiseReportQueryDto {
  @ApiPropertyOptional({ description: 'First India day (YYYY-MM-DD), default 29 days before `to`' })
  @IsOptional()
  @Matches(ISO_DAY, { message: 'Enter dates as YYYY-MM-DD' })
  from?: string;

  @ApiPropertyOptional({ description: 'Last India day (YYYY-MM-DD), default today' })
  @IsOptional()
  @Matches(ISO_DAY, { message: 'Enter dates as YYYY-MM-DD' })
  to?: string;
}

/** Promises of orders paid over a day, or a period, of one supplier and product or in all. */
export class PromiseFiguresDto {
  @ApiProperty({ description: 'Orders with a promise that ended (delivered, refunded, cancelled)' })
  ended: number;
  @ApiProperty({ description: 'Of those, the ones that missed the promise' }) late: number;
  @ApiProperty({
    description: 'Percent of the ended orders that kept the promise (null: none ended)',
    nullable: true,
    type: Number,
  })
  onTimeRate: number | null;
  @ApiProperty({ description: 'Compensations paid (orders)' }) compensated: number;
  @ApiProperty({ description: 'Compensations paid, rupees' }) compensation: number;
}

export class PromiseProductDto extends PromiseFiguresDto {
  @ApiProperty({ description: 'smileone, moogold ... or manual' }) supplier: string;
  @ApiProperty() productId: string;
  @ApiProperty() productName: string;
}

export class PromiseDayDto extends PromiseFiguresDto {
  @ApiProperty({ description: 'India day of the payment, YYYY-MM-DD' }) day: string;
}

export class PromiseReportDto {
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty({ type: PromiseFiguresDto }) total: PromiseFiguresDto;
  @ApiProperty({ type: [PromiseDayDto] }) days: PromiseDayDto[];
  @ApiProperty({ type: [PromiseProductDto] }) products: PromiseProductDto[];
}
