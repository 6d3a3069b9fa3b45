import { Controller, Get, Header, Headers, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, Public } from '../../common/auth/auth.decorators.js';
import { CatalogService } from './catalog.service.js';
import {
  EachProductDto,
  HomeProductsDto,
  ItemsResponseDto,
  ProductResponseDto,
} from './dto/catalog.dto.js';

const JSON_TYPE = 'application/json; charset=utf-8';

@ApiTags('Catalogue')
@Controller()
export class CatalogController {
  constructor(private readonly service: CatalogService) {}

  @Get('product/gethomeproducts')
  @Public()
  @Header('content-type', JSON_TYPE)
  @ApiOkResponse({ type: HomeProductsDto })
  homeProducts() {
    return this.service.homeProducts();
  }

  @Get('product/allproducts')
  @Authenticated()
  @Header('content-type', JSON_TYPE)
  @ApiOkResponse({ type: [ProductResponseDto] })
  allProducts() {
    return this.service.allProducts();
  }

  @Get('product/eachproduct/:id')
  @Public()
  @Header('content-type', JSON_TYPE)
  @ApiOkResponse({ type: EachProductDto })
  eachProduct(@Param('id') id: string) {
    return this.service.eachProduct(id);
  }

  @Get('item/:productId')
  @Public()
  @Header('content-type', JSON_TYPE)
  @ApiOkResponse({ type: ItemsResponseDto })
  items(
    @Headers('authorization') authorization: string | undefined,
    @Param('productId') productId: string,
  ) {
    return this.service.items(authorization, productId);
  }
}
