import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ORDER_STATUSES } from '@zstore/contract/statuses';
import { ResellerOrderDto } from '../reseller-api.dto.js';
import { REFERENCE_PATTERN } from '../reseller-order-view.js';
import { BatchMessages } from './batch-errors.js';

export class BulkOrdersQueryDto {
  @ApiPropertyOptional({
    description:
      'Your id for the batch: the same batch_reference answers the same batch, never a second one. Without it, the same file does.',
    pattern: REFERENCE_PATTERN.source,
    maxLength: 64,
  })
  @IsOptional()
  @IsString({ message: BatchMessages.batchReference })
  @Matches(REFERENCE_PATTERN, { message: BatchMessages.batchReference })
  batch_reference?: string;
}

export class DashboardBatchQueryDto extends BulkOrdersQueryDto {
  @ApiPropertyOptional({
    description: 'The key id the orders are placed with (its mode and label); required',
    maxLength: 40,
  })
  @IsOptional()
  @IsString({ message: BatchMessages.chooseKey })
  @MaxLength(40, { message: BatchMessages.chooseKey })
  key?: string;
}

export class BatchRejectedRowDto {
  @ApiProperty({ description: 'Row of the file: 1 is the first row after the header' })
  row: number;
  @ApiProperty() reference: string;
  @ApiProperty({
    enum: [
      'INVALID_INPUT',
      'OUT_OF_STOCK',
      'REFERENCE_REUSED',
      'INSUFFICIENT_BALANCE',
      'KEY_STOPPED',
    ],
  })
  code: string;
  @ApiProperty() message: string;
}

export class BatchAnswerDto {
  @ApiProperty({ format: 'uuid' }) batch_id: string;
  @ApiProperty({ description: 'Rows in the file' }) rows: number;
  @ApiProperty({ description: 'Rows accepted, to be placed' }) accepted: number;
  @ApiProperty({ type: [BatchRejectedRowDto], description: 'Rows refused: never placed' })
  rejected: BatchRejectedRowDto[];
  @ApiProperty({ description: 'Paise: the accepted rows together' }) total_paise: number;
  @ApiProperty({ enum: ['placing', 'placed'] }) status: string;
}

export class BatchStatusDto {
  @ApiProperty({ format: 'uuid' }) batch_id: string;
  @ApiProperty() rows: number;
  @ApiProperty({
    enum: ['placing', 'placed', 'completed'],
    description:
      'placing: rows still queued; placed: every row placed or refused; completed: and no order is Processing',
  })
  status: string;
  @ApiProperty({
    description: `Rows by status: Queued (not placed yet), Rejected, or the order's status (${ORDER_STATUSES.join(', ')})`,
    type: 'object',
    additionalProperties: { type: 'integer' },
  })
  counts: Record<string, number>;
  @ApiProperty({ type: [ResellerOrderDto] }) orders: ResellerOrderDto[];
  @ApiProperty({ type: [BatchRejectedRowDto] }) rejected: BatchRejectedRowDto[];
}

export class BatchCheckedRowDto {
  @ApiProperty() row: number;
  @ApiProperty() reference: string;
  @ApiProperty() item_id: string;
  @ApiProperty() input1: string;
  @ApiProperty() input2: string;
  @ApiProperty() price_paise: number;
  @ApiProperty() item_name: string;
  @ApiProperty() product_name: string;
}

export class BatchCheckDto {
  @ApiProperty() rows: number;
  @ApiProperty({ type: [BatchCheckedRowDto] }) accepted: BatchCheckedRowDto[];
  @ApiProperty({ type: [BatchRejectedRowDto] }) rejected: BatchRejectedRowDto[];
  @ApiProperty({ description: 'Paise: the accepted rows together' }) total_paise: number;
  @ApiProperty({ description: 'Paise: the balance the key spends' }) balance_paise: number;
  @ApiProperty({ enum: ['live', 'test'] }) mode: string;
}
