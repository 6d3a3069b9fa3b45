import { ApiProperty } from '@nestjs/swagger';
import type { GalleryImage } from '../gallery-admin.repository.js';

export const GALLERY_TYPES = [
  'CarouselMb',
  'CarouselPc',
  'Banner',
  'Popup',
  'Item',
  'Product',
] as const;
export type GalleryType = (typeof GALLERY_TYPES)[number];

export class GalleryImageDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: GALLERY_TYPES }) type: string;
  @ApiProperty({ description: 'Relative to the host, e.g. /uploads/gallery/....png' }) url: string;
  @ApiProperty() redirectUrl: string;
}

export function mapGalleryImage(image: GalleryImage): GalleryImageDto {
  return {
    id: image.id,
    title: image.title,
    type: image.type,
    url: image.url,
    redirectUrl: image.redirectUrl,
  };
}

export class GalleryUploadDto {
  @ApiProperty() title: string;
  @ApiProperty({ enum: GALLERY_TYPES }) type: string;
  @ApiProperty({ required: false }) redirectUrl?: string;
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'PNG, JPEG, WebP or GIF, at most 2 MB',
  })
  images: unknown;
}

export class GalleryMessageDto {
  @ApiProperty() message: string;
}
