import { Controller, Get, Headers, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, Public } from '../../common/auth/auth.decorators.js';
import { sendCachedJson } from '../../common/http/cached-json.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { CatalogService } from './catalog.service.js';
import {
  EachProductDto,
  HomeProductsDto,
  ItemsResponseDto,
  ProductResponseDto,
} from './dto/catalog.dto.js';

/** Answers come from the catalogue cache as bytes, with an ETag (`common/http/cached-json.ts`). */
@ApiTags('Catalogue')
@Controller()
export class CatalogController {
  constructor(private readonly service: CatalogService) {}

  @Get('product/gethomeproducts')
  @ApiOperation({
    summary: 'Products for the home page',
    description:
      "Resellers signed in with a bearer token see 'from' prices and discounts of their own.",
  })
  @Public()
  @ApiOkResponse({ type: HomeProductsDto })
  async homeProducts(
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return sendCachedJson(request, reply, await this.service.homeProducts(authorization));
  }

  @Get('product/allproducts')
  @ApiOperation({ summary: 'List every product' })
  @Authenticated()
  @ApiOkResponse({ type: [ProductResponseDto] })
  async allProducts(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCachedJson(request, reply, await this.service.allProducts());
  }

  @Get('product/eachproduct/:id')
  @ApiOperation({ summary: 'Get one product' })
  @ApiErrors(404)
  @Public()
  @ApiOkResponse({ type: EachProductDto })
  async eachProduct(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return sendCachedJson(request, reply, await this.service.eachProduct(id));
  }

  @Get('item/:productId')
  @ApiOperation({
    summary: "List a product's items",
    description: 'Resellers signed in with a bearer token see their own prices.',
  })
  @ApiErrors(404)
  @Public()
  @ApiOkResponse({ type: ItemsResponseDto })
  async items(
    @Headers('authorization') authorization: string | undefined,
    @Param('productId') productId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return sendCachedJson(request, reply, await this.service.items(authorization, productId));
  }
}
