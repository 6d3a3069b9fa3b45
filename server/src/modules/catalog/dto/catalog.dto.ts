import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toRupees } from '../../ledger/money.js';
import type { ItemRow, ProductRow } from '../catalog.repository.js';

export class ProductInputDto {
  @ApiProperty() label: string;
}

export class ProductResponseDto {
  @ApiProperty() _id: string;
  @ApiProperty() productid: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['MLBB', 'GENSHIN', 'HOK', 'OTHER'] }) type: string;
  @ApiProperty({ enum: ['games', 'instant-games', 'ott', 'others'] }) category: string;
  @ApiProperty() imgpath: string;
  @ApiProperty() importantnote: string;
  @ApiProperty({ type: [ProductInputDto] }) inputs: ProductInputDto[];
  @ApiProperty({ type: [Number] }) items: number[];
  @ApiProperty() istrending: boolean;
  @ApiProperty() instock: boolean;
  @ApiProperty() isApi: boolean;
  @ApiPropertyOptional({ nullable: true, type: String }) apiType: string | null;
  @ApiPropertyOptional() deliveryTime?: string;
  @ApiPropertyOptional() guideImage?: string;
}

export function mapProduct(row: ProductRow): ProductResponseDto {
  return {
    _id: row.id,
    productid: Number(row.productid),
    name: row.name,
    type: row.type,
    category: row.category,
    imgpath: row.imgpath,
    importantnote: row.importantnote,
    inputs: row.inputs.map((input) => ({ label: input.label })),
    items: row.items.map(Number),
    istrending: row.istrending,
    instock: row.instock,
    isApi: row.is_api,
    apiType: row.api_type,
    ...(row.delivery_time ? { deliveryTime: row.delivery_time } : {}),
    ...(row.guide_image ? { guideImage: row.guide_image } : {}),
  };
}

/** A product on the home page, with what its tile shows: 'from ₹…' and the best discount. */
export class HomeProductDto extends ProductResponseDto {
  @ApiPropertyOptional({ description: 'Lowest public price of a pack in stock, rupees' })
  fromPrice?: number;
  @ApiPropertyOptional({ description: 'Best discount of a pack in stock, percent' })
  bestDiscount?: number;
}

export class HomeProductsDto {
  @ApiProperty({ type: [HomeProductDto] }) trending: HomeProductDto[];
  @ApiProperty({ type: [HomeProductDto] }) instantGames: HomeProductDto[];
  @ApiProperty({ type: [HomeProductDto] }) games: HomeProductDto[];
  @ApiProperty({ type: [HomeProductDto] }) ott: HomeProductDto[];
  @ApiProperty({ type: [HomeProductDto] }) others: HomeProductDto[];
}

export class EachProductDto {
  @ApiProperty({ type: ProductResponseDto }) product: ProductResponseDto;
}

export class ItemResponseDto {
  @ApiProperty() _id: string;
  @ApiProperty({ description: 'Equals itemid' }) id: number;
  @ApiProperty() itemid: number;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ nullable: true, type: String }) type: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) suggestedTask: string | null;
  @ApiProperty() imgpath: string;
  @ApiProperty() inStock: boolean;
  @ApiProperty({ description: 'Rupees' }) originalprice: number;
  @ApiProperty({ description: 'Rupees' }) discountedprice: number;
  @ApiPropertyOptional({ description: 'Rupees; resellers and admins only' }) resellprice?: number;
  @ApiProperty() isApi: boolean;
  @ApiPropertyOptional({ nullable: true, type: String }) apiType: string | null;
}

export function mapItem(row: ItemRow, withResellPrice: boolean): ItemResponseDto {
  const itemid = Number(row.itemid);
  return {
    _id: row.id,
    id: itemid,
    itemid,
    name: row.name,
    type: row.type,
    suggestedTask: row.suggested_task,
    imgpath: row.imgpath,
    inStock: row.instock,
    originalprice: toRupees(row.originalprice),
    discountedprice: toRupees(row.discountedprice),
    ...(withResellPrice ? { resellprice: toRupees(row.resellprice) } : {}),
    isApi: row.is_api,
    apiType: row.api_type,
  };
}

export class ItemsResponseDto {
  @ApiProperty({ type: [ItemResponseDto] }) items: ItemResponseDto[];
}
