import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { GalleryAdminRepository } from './gallery-admin.repository.js';
import { GalleryAdminService } from './gallery-admin.service.js';
import { GalleryAdminController } from './gallery.admin.controller.js';
import { GalleryController } from './gallery.controller.js';
import { GalleryService } from './gallery.service.js';

@Module({
  imports: [CatalogModule],
  controllers: [GalleryController, GalleryAdminController],
  providers: [GalleryService, GalleryAdminRepository, GalleryAdminService],
  exports: [GalleryService],
})
export class GalleryModule {}
