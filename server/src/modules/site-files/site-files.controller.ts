import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { robotsTxt, sitemapXml } from './site-files.js';

/** `/robots.txt` and `/sitemap.xml` (every product in stock) for search engines. */
@ApiExcludeController()
@Controller()
export class SiteFilesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: CatalogService,
  ) {}

  @Get('robots.txt')
  @Public()
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  robots() {
    return robotsTxt(this.config.publicUrl);
  }

  @Get('sitemap.xml')
  @Public()
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  async sitemap() {
    return sitemapXml(this.config.publicUrl, await this.catalog.listInStockForSitemap());
  }
}
