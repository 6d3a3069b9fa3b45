import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { sendCachedJson } from '../../common/http/cached-json.js';
import { GalleryImagesDto, GalleryService } from './gallery.service.js';

@ApiTags('Gallery')
@Controller('gallery')
export class GalleryController {
  constructor(private readonly service: GalleryService) {}

  @Get('images')
  @ApiOperation({ summary: 'The banner images of the home page' })
  @Public()
  @ApiOkResponse({ type: GalleryImagesDto })
  async images(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCachedJson(request, reply, await this.service.images());
  }
}
