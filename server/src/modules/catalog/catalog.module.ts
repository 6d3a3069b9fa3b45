import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { CatalogAdminRepository } from './catalog-admin.repository.js';
import { CatalogAdminService } from './catalog-admin.service.js';
import { CatalogCacheService } from './catalog-cache.service.js';
import { CatalogAdminController } from './catalog.admin.controller.js';
import { CatalogController } from './catalog.controller.js';
import { CatalogRepository } from './catalog.repository.js';
import { CatalogService } from './catalog.service.js';

@Module({
  imports: [AuthModule, UsersModule],
  controllers: [CatalogController, CatalogAdminController],
  providers: [
    CatalogRepository,
    CatalogCacheService,
    CatalogService,
    CatalogAdminRepository,
    CatalogAdminService,
  ],
  exports: [CatalogCacheService, CatalogService],
})
export class CatalogModule {}
