import { Controller, Get, Header, Headers, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, Public } from '../../common/auth/auth.decorators.js';
import { CatalogService } from './catalog.service.js';
import {
  EachProductDto,
  HomeProductsDto,
  ItemsResponseDto,
  ProductResponseDto,
} from './dto/catalog.dto.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';

const JSON_TYPE = 'application/json; charset=utf-8';

@ApiTags('Catalogue')
@Controller()
export class CatalogController {
  constructor(private readonly service: CatalogService) {}

  @Get('product/gethomeproducts')
  @ApiOperation({ summary: 'Products for the home page' })
  @Public()
  @Header('content-type', JSON_TYPE)
  @ApiOkResponse({ type: HomeProductsDto })
  homeProducts() {
    return this.service.homeProducts();
  }

  @Get('product/allproducts')
  @ApiOperation({ summary: 'List every product' })
  @Authenticated()
  @Header('content-type', JSON_TYPE)
  @ApiOkResponse({ type: [ProductResponseDto] })
  allProducts() {
    return this.service.allProducts();
  }

  @Get('product/eachproduct/:id')
  @ApiOperation({ summary: 'Get one product' })
  @ApiErrors(404)
  @Public()
  @Header('content-type', JSON_TYPE)
  @ApiOkResponse({ type: EachProductDto })
  eachProduct(@Param('id') id: string) {
    return this.service.eachProduct(id);
  }

  @Get('item/:productId')
  @ApiOperation({
    summary: "List a product's items",
    description: 'Resellers signed in with a bearer token see their own prices.',
  })
  @ApiErrors(404)
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
