import { Module } from '@nestjs/common';
import { SiteFilesController } from './site-files.controller.js';

/** Files for crawlers at the site's root, outside `/api`. */
@Module({ controllers: [SiteFilesController] })
export class SiteFilesModule {}
