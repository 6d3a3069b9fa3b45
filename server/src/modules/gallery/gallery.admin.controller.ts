import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
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
import { GalleryImageDto, GalleryMessageDto, GalleryUploadDto } from './dto/gallery-admin.dto.js';
import { GalleryAdminService } from './gallery-admin.service.js';
import { GALLERY_SORT } from './gallery-admin.repository.js';
import { readGalleryUpload } from './gallery-upload.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';

/** Spec 002's gallery calls, and the console's simple-rest `gallery` (uploads use `uploadimage`). */
@ApiTags('Admin: gallery')
@Authenticated(Role.Admin)
@Controller('admin')
export class GalleryAdminController {
  constructor(private readonly service: GalleryAdminService) {}

  @Get('imagegallery')
  @SpecPagedList('gallery', 'List the gallery images, newest first', GalleryImageDto)
  async all(@Query() paging: PageQueryDto): Promise<ListPage<GalleryImageDto>> {
    const query = specPageQuery(paging, ['createdAt', 'DESC']);
    const { images, total } = await this.service.list(query);
    return { query, rows: images, total };
  }

  @Post('uploadimage')
  @ApiAdminOperation('Upload a gallery image')
  @ApiErrors(400, 413, 415)
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: GalleryUploadDto })
  @ApiOkResponse({ type: GalleryImageDto })
  async upload(@CurrentUser() auth: AuthUser, @Req() request: FastifyRequest) {
    // The spec answers the created image; DESIGN 13 adds the success text beside its fields.
    const image = await this.service.upload(auth, await readGalleryUpload(request));
    return { message: Messages.imageUploaded, ...image };
  }

  @Post('deleteimage/:id')
  @ApiAdminOperation('Delete a gallery image')
  @ApiErrors(404)
  @HttpCode(200)
  @ApiOkResponse({ type: GalleryMessageDto })
  async deleteImage(@CurrentUser() auth: AuthUser, @Param('id') id: string) {
    await this.service.delete(auth, id);
    return { message: Messages.imageDeleted };
  }

  @Get('rest/gallery')
  @SimpleRestList('gallery', 'List gallery images (console table)', GalleryImageDto)
  async list(@Query() query: ListQueryDto): Promise<ListPage<GalleryImageDto>> {
    const list = parseListQuery(query, Object.keys(GALLERY_SORT), ['id', 'DESC']);
    const { images, total } = await this.service.list(list);
    return { query: list, rows: images, total };
  }

  @Get('rest/gallery/:id')
  @ApiAdminOperation('Get a gallery image (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: GalleryImageDto })
  get(@Param('id') id: string) {
    return this.service.get(id);
  }

  @Delete('rest/gallery/:id')
  @ApiAdminOperation('Delete a gallery image (console)')
  @ApiErrors(404)
  @ApiOkResponse({ type: GalleryImageDto })
  remove(@CurrentUser() auth: AuthUser, @Param('id') id: string) {
    return this.service.delete(auth, id);
  }
}
