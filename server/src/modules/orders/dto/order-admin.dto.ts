import { ApiProperty } from '@nestjs/swagger';
import { OrderResponseDto } from './order.dto.js';

export class SalesDayDto {
  @ApiProperty({ description: 'India day, YYYY-MM-DD' }) date: string;
  @ApiProperty({ description: 'Rupees of the Completed orders placed that day' }) total: number;
  @ApiProperty({ description: 'Completed orders placed that day' }) orders: number;
}

export class AdminStatsDto {
  @ApiProperty({ description: 'Every order, whatever its status' }) total_order: number;
  @ApiProperty() completed: number;
  @ApiProperty() refunded: number;
  @ApiProperty() processing: number;
  @ApiProperty({ description: 'Rupees of the Completed orders' }) total_sale: number;
  @ApiProperty({ type: [SalesDayDto], description: 'The last 30 India days, oldest first' })
  sales: SalesDayDto[];
}

export class AdminOrderUpdateResponseDto {
  @ApiProperty() message: string;
  @ApiProperty({ type: OrderResponseDto }) order: OrderResponseDto;
}

export class AdminOrdersPageDto {
  @ApiProperty({ type: [OrderResponseDto] }) transactions: OrderResponseDto[];
  @ApiProperty() totalTxns: number;
  @ApiProperty() currentPage: number;
  @ApiProperty() itemsPerPage: number;
  @ApiProperty() totalItems: number;
  @ApiProperty() totalPages: number;
}
