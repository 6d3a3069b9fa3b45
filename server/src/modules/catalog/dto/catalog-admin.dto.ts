import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toRupees } from '../../ledger/money.js';
import {
  API_TYPES,
  ITEM_TYPES,
  PRODUCT_CATEGORIES,
  PRODUCT_TYPES,
} from '../catalog-admin.input.js';
import type { AdminItemRow } from '../catalog-admin.repository.js';
import type { ProductRow } from '../catalog.repository.js';
import { mapProduct, ProductInputDto, ProductResponseDto } from './catalog.dto.js';

export class AdminProductDto extends ProductResponseDto {
  @ApiProperty({ description: 'Equals _id' }) id: string;
}

export function mapAdminProduct(row: ProductRow): AdminProductDto {
  return { id: row.id, ...mapProduct(row) };
}

export class AdminItemDto {
  @ApiProperty({ description: 'Equals itemid' }) id: number;
  @ApiProperty() itemid: number;
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ nullable: true, type: String, enum: ITEM_TYPES }) type: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) suggestedTask: string | null;
  @ApiProperty({ description: 'Rupees' }) originalprice: number;
  @ApiProperty({ description: 'Rupees' }) discountedprice: number;
  @ApiProperty({ description: 'Rupees' }) resellprice: number;
  @ApiProperty() isApi: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, enum: API_TYPES }) apiType: string | null;
  @ApiProperty({ type: [String] }) itemidarray: string[];
  @ApiProperty() imgpath: string;
  @ApiProperty() inStock: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, description: "The owning product's _id" })
  productId: string | null;
}

export function mapAdminItem(row: AdminItemRow): AdminItemDto {
  const itemid = Number(row.itemid);
  return {
    id: itemid,
    itemid,
    _id: row.id,
    name: row.name,
    type: row.type,
    suggestedTask: row.suggested_task,
    originalprice: toRupees(row.originalprice),
    discountedprice: toRupees(row.discountedprice),
    resellprice: toRupees(row.resellprice),
    isApi: row.is_api,
    apiType: row.api_type,
    itemidarray: row.itemidarray,
    imgpath: row.imgpath,
    inStock: row.instock,
    productId: row.product_id,
  };
}

/** Documents the product form; the body is read leniently (see `productFields`). */
export class ProductWriteDto {
  @ApiProperty() name: string;
  @ApiProperty({ enum: PRODUCT_TYPES, description: 'Upper-cased, spaces removed' }) type: string;
  @ApiProperty({ enum: PRODUCT_CATEGORIES }) category: string;
  @ApiProperty() imgpath: string;
  @ApiPropertyOptional() importantnote?: string;
  @ApiProperty({ type: [ProductInputDto] }) inputs: ProductInputDto[];
  @ApiProperty({ type: [Number], description: 'Item itemids' }) items: number[];
  @ApiPropertyOptional() istrending?: boolean;
  @ApiPropertyOptional() instock?: boolean;
  @ApiPropertyOptional() isApi?: boolean;
  @ApiPropertyOptional({ enum: API_TYPES }) apiType?: string;
}

/** Documents the item form; prices in rupees. */
export class ItemWriteDto {
  @ApiProperty() name: string;
  @ApiPropertyOptional({ enum: ITEM_TYPES }) type?: string;
  @ApiPropertyOptional() suggestedTask?: string;
  @ApiPropertyOptional({ type: [String] }) itemidarray?: string[];
  @ApiProperty() originalprice: number;
  @ApiProperty() discountedprice: number;
  @ApiProperty() resellprice: number;
  @ApiPropertyOptional() isApi?: boolean;
  @ApiPropertyOptional({ enum: API_TYPES }) apiType?: string;
  @ApiProperty() imgpath: string;
  @ApiPropertyOptional() inStock?: boolean;
  @ApiPropertyOptional({ description: 'Adds the new item to this product (REST create)' })
  productId?: string;
}

export class ItemPriceUpdateDto {
  @ApiPropertyOptional({ description: 'The selling price (discountedprice), rupees' })
  price?: number;
  @ApiPropertyOptional({ description: 'Rupees' }) resellPrice?: number;
  @ApiPropertyOptional() itemInstock?: boolean;
}

export class ProductStockUpdateDto {
  @ApiProperty() _id: string;
  @ApiPropertyOptional() instock?: boolean;
  @ApiPropertyOptional() importantNote?: string;
}

export class MessageDto {
  @ApiProperty() message: string;
}

export class ItemMessageDto extends MessageDto {
  @ApiProperty({ type: AdminItemDto }) item: AdminItemDto;
}

export class ProductMessageDto extends MessageDto {
  @ApiProperty({ type: AdminProductDto }) product: AdminProductDto;
}
