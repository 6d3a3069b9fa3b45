import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { CachedJson } from '../../common/http/cached-json.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { galleryLink } from '@zstore/contract/gallery-link';
import { CatalogCacheService } from '../catalog/catalog-cache.service.js';
import { In } from 'typeorm';
import type { GalleryType } from './dto/gallery-admin.dto.js';
import { GalleryAdminRepository } from './gallery-admin.repository.js';
import { GalleryImageEntity } from './gallery-image.entity.js';

export class GallerySlideDto {
  @ApiProperty() url: string;
  @ApiProperty() redirectUrl: string;
  @ApiPropertyOptional() title?: string;
}

export class GalleryImagesDto {
  @ApiProperty({ type: [GallerySlideDto] }) CarouselMb: GallerySlideDto[];
  @ApiProperty({ type: [GallerySlideDto] }) CarouselPc: GallerySlideDto[];
  @ApiProperty({ type: [GallerySlideDto] }) Popup: GallerySlideDto[];
}

export interface NewGalleryImage {
  title: string;
  type: GalleryType;
  url: string;
  redirectUrl?: string;
}

@Injectable()
export class GalleryService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly cache: CatalogCacheService,
    private readonly repository: GalleryAdminRepository,
  ) {}

  images(): Promise<CachedJson> {
    return this.cache.get('gallery', async () => {
      const rows = await this.txHost.tx.getRepository(GalleryImageEntity).find({
        select: { title: true, type: true, url: true, redirectUrl: true },
        where: { type: In(['CarouselMb', 'CarouselPc', 'Popup']) },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      // A row the upload rule would refuse (an older rule's, one written by hand) links nowhere.
      const slides = rows.map((slide) => ({
        ...slide,
        redirectUrl: galleryLink(slide.redirectUrl)?.href ?? '',
      }));
      const of = (type: string) => slides.filter((slide) => slide.type === type);
      return {
        CarouselMb: of('CarouselMb').map((slide) => ({
          url: slide.url,
          redirectUrl: slide.redirectUrl,
        })),
        CarouselPc: of('CarouselPc').map((slide) => ({
          url: slide.url,
          redirectUrl: slide.redirectUrl,
        })),
        Popup: of('Popup').map((slide) => ({
          url: slide.url,
          redirectUrl: slide.redirectUrl,
          title: slide.title,
        })),
      } satisfies GalleryImagesDto;
    });
  }

  async add(image: NewGalleryImage) {
    await this.repository.insert(image);
  }
}
