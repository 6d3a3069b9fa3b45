import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { CachedJson } from '../../common/http/cached-json.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { galleryLink } from '@zstore/contract/gallery-link';
import { CatalogCacheService } from '../catalog/catalog-cache.service.js';
import { mapGallerySlideRow, type GalleryImageRow } from './gallery-admin.repository.js';

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
  type: 'CarouselMb' | 'CarouselPc' | 'Banner' | 'Popup' | 'Item' | 'Product';
  url: string;
  redirectUrl?: string;
}

@Injectable()
export class GalleryService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly cache: CatalogCacheService,
  ) {}

  images(): Promise<CachedJson> {
    return this.cache.get('gallery', async () => {
      const rows: Array<Omit<GalleryImageRow, 'id'>> = await this.txHost.tx.query(
        `SELECT title, type, url, redirect_url FROM gallery_images
         WHERE type IN ('CarouselMb', 'CarouselPc', 'Popup') ORDER BY created_at, id`,
      );
      // A row the upload rule would refuse (an older rule's, one written by hand) links nowhere.
      const slides = rows
        .map(mapGallerySlideRow)
        .map((slide) => ({ ...slide, redirectUrl: galleryLink(slide.redirectUrl)?.href ?? '' }));
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
    await this.txHost.tx.query(
      `INSERT INTO gallery_images (title, type, url, redirect_url, created_at)
       VALUES ($1, $2, $3, $4, clock_timestamp())`,
      [image.title, image.type, image.url, image.redirectUrl ?? ''],
    );
  }
}
