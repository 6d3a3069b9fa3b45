import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { GalleryImagesDto, GalleryService } from './gallery.service.js';

@ApiTags('Gallery')
@Controller('gallery')
export class GalleryController {
  constructor(private readonly service: GalleryService) {}

  @Get('images')
  @ApiOperation({ summary: 'The banner images of the home page' })
  @Public()
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOkResponse({ type: GalleryImagesDto })
  images() {
    return this.service.images();
  }
}
