import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { robotsTxt, sitemapXml, type SitemapProduct } from './site-files.js';

/** `/robots.txt` and `/sitemap.xml` (every product in stock) for search engines. */
@ApiExcludeController()
@Controller()
export class SiteFilesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
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
    const products: SitemapProduct[] = await this.db.query(
      `SELECT id, updated_at AS "updatedAt" FROM products
       WHERE deleted_at IS NULL AND instock ORDER BY sort_order, productid`,
    );
    return sitemapXml(this.config.publicUrl, products);
  }
}
