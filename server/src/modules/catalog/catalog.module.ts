import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { CatalogCacheService } from './catalog-cache.service.js';
import { CatalogController } from './catalog.controller.js';
import { CatalogRepository } from './catalog.repository.js';
import { CatalogService } from './catalog.service.js';

@Module({
  imports: [AuthModule, UsersModule],
  controllers: [CatalogController],
  providers: [CatalogRepository, CatalogCacheService, CatalogService],
  exports: [CatalogRepository, CatalogCacheService, CatalogService],
})
export class CatalogModule {}
