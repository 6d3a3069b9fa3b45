import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toRupees } from '../../../common/money.js';
import type { Item } from '../item.entity.js';
import type { Product } from '../product.entity.js';

export class ProductInputDto {
  @ApiProperty() label: string;
}

/** The delivery promise of a product page: missed, the order pays `rupees` or `percent` back. */
export class ProductGuaranteeDto {
  @ApiProperty({ description: 'Minutes from the payment' }) minutes: number;
  @ApiPropertyOptional({ description: 'Rupees of Z-Coins paid when the promise is missed' })
  rupees?: number;
  @ApiPropertyOptional({ description: 'Percent of the order paid in Z-Coins when it is missed' })
  percent?: number;
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
  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: "A supplier product's own delivery promise in minutes (none: the default)",
  })
  promiseMinutes: number | null;
}

/** A product page: the product with its delivery guarantee. */
export class ProductPageDto extends ProductResponseDto {
  @ApiPropertyOptional({ type: ProductGuaranteeDto }) guarantee?: ProductGuaranteeDto;
}

export function mapProduct(product: Product): ProductResponseDto {
  return {
    _id: product.id,
    productid: product.productid,
    name: product.name,
    type: product.type,
    category: product.category,
    imgpath: product.imgpath,
    importantnote: product.importantnote,
    inputs: product.inputs.map((input) => ({ label: input.label })),
    items: [...product.items],
    istrending: product.istrending,
    instock: product.instock,
    isApi: product.isApi,
    apiType: product.apiType,
    ...(product.deliveryTime ? { deliveryTime: product.deliveryTime } : {}),
    ...(product.guideImage ? { guideImage: product.guideImage } : {}),
    promiseMinutes: product.promiseMinutes,
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
  @ApiProperty({ type: ProductPageDto }) product: ProductPageDto;
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

export function mapItem(item: Item, withResellPrice: boolean): ItemResponseDto {
  return {
    _id: item.id,
    id: item.itemid,
    itemid: item.itemid,
    name: item.name,
    type: item.type,
    suggestedTask: item.suggestedTask,
    imgpath: item.imgpath,
    inStock: item.instock,
    originalprice: toRupees(item.originalprice),
    discountedprice: toRupees(item.discountedprice),
    ...(withResellPrice ? { resellprice: toRupees(item.resellprice) } : {}),
    isApi: item.isApi,
    apiType: item.apiType,
  };
}

export class ItemsResponseDto {
  @ApiProperty({ type: [ItemResponseDto] }) items: ItemResponseDto[];
}
