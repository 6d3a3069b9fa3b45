import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListQueryDto, parseListQuery } from '../../common/http/simple-rest.js';
import {
  SimpleRestList,
  SpecPagedList,
  specPageQuery,
  type ListPage,
} from '../../common/http/list-page.js';
import { PageQueryDto } from '../../common/http/page-query.dto.js';
import { Messages } from '@zstore/contract/messages';
import { Role } from '../../common/auth/role.js';
import { CatalogAdminService } from './catalog-admin.service.js';
import { ITEM_SORT, PRODUCT_SORT } from './catalog-admin.repository.js';
import {
  AdminItemDto,
  AdminProductDto,
  ItemEditDto,
  ItemMessageDto,
  ItemPriceUpdateDto,
  ItemWriteDto,
  MessageDto,
  ProductEditDto,
  ProductMessageDto,
  ProductStockUpdateDto,
  ProductWriteDto,
} from './dto/catalog-admin.dto.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';

/** Spec 002's product and item calls, and the console's simple-rest `products` and `items`. */
@ApiTags('Admin: catalogue')
@Authenticated(Role.Admin)
@Controller('admin')
export class CatalogAdminController {
  constructor(private readonly service: CatalogAdminService) {}

  @Post('createproduct')
  @ApiAdminOperation('Create a product')
  @ApiErrors(400)
  @HttpCode(200)
  @ApiOkResponse({ type: ProductMessageDto })
  async createProduct(@CurrentUser() auth: AuthUser, @Body() form: ProductWriteDto) {
    const product = await this.service.createProduct(auth, form);
    return { message: Messages.productCreated, product };
  }

  @Get('getallproducts')
  @SpecPagedList('products', 'List the products', AdminProductDto)
  async allProducts(@Query() paging: PageQueryDto): Promise<ListPage<AdminProductDto>> {
    const query = specPageQuery(paging, ['sortOrder', 'ASC']);
    const { products, total } = await this.service.listProducts(query);
    return { query, rows: products, total };
  }

  @Post('editproduct/:_id')
  @ApiAdminOperation('Edit a product')
  @ApiErrors(400, 404)
  @HttpCode(200)
  @ApiOkResponse({ type: AdminProductDto })
  async editProduct(
    @CurrentUser() auth: AuthUser,
    @Param('_id') id: string,
    @Body() form: ProductEditDto,
  ) {
    // The spec answers the updated product; DESIGN 13 adds the success text beside its fields.
    const product = await this.service.editProduct(auth, id, form);
    return { message: Messages.productUpdated, ...product };
  }

  @Post('updateproduct')
  @ApiAdminOperation("Update a product's stock")
  @ApiErrors(400, 404)
  @HttpCode(200)
  @ApiOkResponse({ type: ProductMessageDto })
  async updateProduct(@CurrentUser() auth: AuthUser, @Body() form: ProductStockUpdateDto) {
    const product = await this.service.updateProductStock(auth, form);
    return { message: Messages.productStockUpdated, product };
  }

  @Post('deleteproduct/:productid')
  @ApiAdminOperation('Delete a product by its number')
  @ApiErrors(404)
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  async deleteProduct(@CurrentUser() auth: AuthUser, @Param('productid') productid: string) {
    await this.service.deleteProductByNumber(auth, Number(productid));
    return { message: Messages.productDeleted };
  }

  @Post('createitem')
  @ApiAdminOperation('Create an item')
  @ApiErrors(400, 404)
  @HttpCode(200)
  @ApiOkResponse({ type: ItemMessageDto })
  async createItem(@CurrentUser() auth: AuthUser, @Body() form: ItemWriteDto) {
    const item = await this.service.createItem(auth, form);
    return { message: Messages.itemCreated, item };
  }

  @Get('getallitems')
  @SpecPagedList('items', 'List the items', AdminItemDto)
  async allItems(@Query() paging: PageQueryDto): Promise<ListPage<AdminItemDto>> {
    const query = specPageQuery(paging, ['itemid', 'ASC']);
    const { items, total } = await this.service.listItems(query);
    return { query, rows: items, total };
  }

  @Post('edititem/:itemid')
  @ApiAdminOperation('Edit an item by its number')
  @ApiErrors(400, 404)
  @HttpCode(200)
  @ApiOkResponse({ type: ItemMessageDto })
  async editItem(
    @CurrentUser() auth: AuthUser,
    @Param('itemid') itemid: string,
    @Body() form: ItemEditDto,
  ) {
    const item = await this.service.editItem(auth, Number(itemid), form);
    return { message: Messages.itemUpdated, item };
  }

  @Post('updateitem/:_id')
  @ApiAdminOperation("Update an item's price")
  @ApiErrors(400, 404)
  @HttpCode(200)
  @ApiOkResponse({ type: ItemMessageDto })
  async updateItem(
    @CurrentUser() auth: AuthUser,
    @Param('_id') id: string,
    @Body() form: ItemPriceUpdateDto,
  ) {
    const item = await this.service.updateItemPrice(auth, id, form);
    return { message: Messages.priceUpdated, item };
  }

  @Post('deleteitem/:itemid')
  @ApiAdminOperation('Delete an item by its number')
  @ApiErrors(404)
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  async deleteItem(@CurrentUser() auth: AuthUser, @Param('itemid') itemid: string) {
    await this.service.deleteItem(auth, Number(itemid));
    return { message: Messages.itemDeleted };
  }

  @Get('rest/products')
  @SimpleRestList('products', 'List products (console table)', AdminProductDto)
  async listProducts(@Query() query: ListQueryDto): Promise<ListPage<AdminProductDto>> {
    const list = parseListQuery(query, Object.keys(PRODUCT_SORT), ['productid', 'ASC']);
    const { products, total } = await this.service.listProducts(list);
    return { query: list, rows: products, total };
  }

  @Get('rest/products/:id')
  @ApiAdminOperation('Get a product (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: AdminProductDto })
  getProduct(@Param('id') id: string) {
    return this.service.getProduct(id);
  }

  @Post('rest/products')
  @ApiAdminOperation('Create a product (console)')
  @ApiErrors(400)
  @ApiCreatedResponse({ type: AdminProductDto })
  restCreateProduct(@CurrentUser() auth: AuthUser, @Body() form: ProductWriteDto) {
    return this.service.createProduct(auth, form);
  }

  @Put('rest/products/:id')
  @ApiAdminOperation('Update a product (console)')
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: AdminProductDto })
  restUpdateProduct(
    @CurrentUser() auth: AuthUser,
    @Param('id') id: string,
    @Body() form: ProductEditDto,
  ) {
    return this.service.editProduct(auth, id, form);
  }

  @Delete('rest/products/:id')
  @ApiAdminOperation('Delete a product (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: AdminProductDto })
  restDeleteProduct(@CurrentUser() auth: AuthUser, @Param('id') id: string) {
    return this.service.deleteProduct(auth, id);
  }

  @Get('rest/items')
  @SimpleRestList('items', 'List items (console table)', AdminItemDto)
  async listItems(@Query() query: ListQueryDto): Promise<ListPage<AdminItemDto>> {
    const list = parseListQuery(query, Object.keys(ITEM_SORT), ['itemid', 'ASC']);
    const { items, total } = await this.service.listItems(list);
    return { query: list, rows: items, total };
  }

  @Get('rest/items/:id')
  @ApiAdminOperation('Get an item (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: AdminItemDto })
  getItem(@Param('id') itemid: string) {
    return this.service.getItem(Number(itemid));
  }

  @Post('rest/items')
  @ApiAdminOperation('Create an item (console)')
  @ApiErrors(400, 404)
  @ApiCreatedResponse({ type: AdminItemDto })
  restCreateItem(@CurrentUser() auth: AuthUser, @Body() form: ItemWriteDto) {
    return this.service.createItem(auth, form);
  }

  @Put('rest/items/:id')
  @ApiAdminOperation('Update an item (console)')
  @ApiErrors(400, 404)
  @ApiOkResponse({ type: AdminItemDto })
  restUpdateItem(
    @CurrentUser() auth: AuthUser,
    @Param('id') itemid: string,
    @Body() form: ItemEditDto,
  ) {
    return this.service.editItem(auth, Number(itemid), form);
  }

  @Delete('rest/items/:id')
  @ApiAdminOperation('Delete an item (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: AdminItemDto })
  restDeleteItem(@CurrentUser() auth: AuthUser, @Param('id') itemid: string) {
    return this.service.deleteItem(auth, Number(itemid));
  }
}
