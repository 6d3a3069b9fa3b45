import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { isUuid } from '../../common/http/list-filters.js';
import { GalleryImageEntity } from './gallery-image.entity.js';
import type { NewGalleryImage } from './gallery.service.js';

/** An image as the console sees it; `url` is relative to the host, e.g. /uploads/gallery/....png */
export type GalleryImage = Pick<
  GalleryImageEntity,
  'id' | 'title' | 'type' | 'url' | 'redirectUrl'
>;

const COLUMNS = { id: true, title: true, type: true, url: true, redirectUrl: true } as const;

/** The console's sort fields and the entity property each sorts by. */
export const GALLERY_SORT: Record<string, keyof GalleryImageEntity> = {
  id: 'createdAt',
  createdAt: 'createdAt',
  title: 'title',
  type: 'type',
};

@Injectable()
export class GalleryAdminRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get images() {
    return this.txHost.tx.getRepository(GalleryImageEntity);
  }

  async list(query: ListQuery): Promise<{ rows: GalleryImage[]; total: number }> {
    const matching = this.images.createQueryBuilder('image');
    const { type, id } = query.filter;
    // Compared as text: a filter id that is no uuid matches nothing rather than failing.
    if (Array.isArray(id)) matching.andWhere('image.id::text = ANY(:ids)', { ids: id.map(String) });
    if (typeof type === 'string' && type) matching.andWhere('image.type = :type', { type });
    const [rows, total] = await Promise.all([
      matching
        .clone()
        .select(Object.keys(COLUMNS).map((column) => `image.${column}`))
        .orderBy(`image.${GALLERY_SORT[query.sortField] ?? 'createdAt'}`, query.sortOrder)
        .addOrderBy('image.id', 'ASC')
        .limit(query.limit)
        .offset(query.offset)
        .getMany(),
      matching.getCount(),
    ]);
    return { rows, total };
  }

  async get(id: string): Promise<GalleryImage | undefined> {
    if (!isUuid(id)) return undefined;
    return (await this.images.findOne({ select: COLUMNS, where: { id } })) ?? undefined;
  }

  async insert(image: NewGalleryImage): Promise<GalleryImage> {
    const redirectUrl = image.redirectUrl ?? '';
    const { identifiers } = await this.images
      .createQueryBuilder()
      .insert()
      .values({
        title: image.title,
        type: image.type,
        url: image.url,
        redirectUrl,
        // The statement's own time, so images uploaded in one transaction keep their order.
        createdAt: () => 'clock_timestamp()',
      })
      .execute();
    return {
      id: (identifiers[0] as { id: string }).id,
      title: image.title,
      type: image.type,
      url: image.url,
      redirectUrl,
    };
  }

  /** Deletes the row and answers it, or undefined when it was already gone (in a transaction). */
  async delete(id: string): Promise<GalleryImage | undefined> {
    const found = await this.images.findOne({
      select: COLUMNS,
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!found) return undefined;
    await this.images.delete({ id });
    return found;
  }
}
