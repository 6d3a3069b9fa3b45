import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { SiteFilesController } from './site-files.controller.js';

/** Files for crawlers at the site's root, outside `/api`. */
@Module({ imports: [CatalogModule], controllers: [SiteFilesController] })
export class SiteFilesModule {}
