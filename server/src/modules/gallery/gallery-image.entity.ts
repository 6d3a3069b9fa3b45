import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { GalleryType } from './dto/gallery-admin.dto.js';

/** An uploaded image and where the storefront shows it (carousel, banner, popup, item, product). */
@Entity('gallery_images')
@Check(
  'gallery_images_type_check',
  `((type)::text = ANY ((ARRAY['CarouselMb'::character varying, 'CarouselPc'::character varying, 'Banner'::character varying, 'Popup'::character varying, 'Item'::character varying, 'Product'::character varying])::text[]))`,
)
@Index('gallery_images_type', ['type', 'createdAt'])
export class GalleryImageEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'gallery_images_pkey' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 16 })
  type!: GalleryType;

  @Column({ type: 'varchar', length: 500 })
  url!: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  redirectUrl!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
