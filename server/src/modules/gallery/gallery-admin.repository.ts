import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { SqlWhere } from '../../database/sql-where.js';
import { isUuid } from '../../common/http/list-filters.js';
import type { NewGalleryImage } from './gallery.service.js';

/** A `gallery_images` row as PostgreSQL answers it. */
export interface GalleryImageRow {
  id: string;
  title: string;
  type: string;
  url: string;
  redirect_url: string;
}

export interface GalleryImage {
  id: string;
  title: string;
  type: string;
  /** Relative to the host, e.g. /uploads/gallery/....png */
  url: string;
  redirectUrl: string;
}

/** The public carousel reads every column but the id. */
export function mapGallerySlideRow(row: Omit<GalleryImageRow, 'id'>): Omit<GalleryImage, 'id'> {
  return { title: row.title, type: row.type, url: row.url, redirectUrl: row.redirect_url };
}

export function mapGalleryImageRow(row: GalleryImageRow): GalleryImage {
  return { id: row.id, ...mapGallerySlideRow(row) };
}

export const GALLERY_SORT: Record<string, string> = {
  id: 'created_at',
  createdAt: 'created_at',
  title: 'title',
  type: 'type',
};

const COLUMNS = 'id, title, type, url, redirect_url';

@Injectable()
export class GalleryAdminRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async list(query: ListQuery): Promise<{ rows: GalleryImage[]; total: number }> {
    const filter = new SqlWhere();
    const { type, id } = query.filter;
    if (Array.isArray(id)) filter.and('id::text = ANY($?::text[])', id.map(String));
    if (typeof type === 'string' && type) filter.and('type = $?', type);
    const page = filter.page(query.limit, query.offset);
    const order = `${GALLERY_SORT[query.sortField] ?? 'created_at'} ${query.sortOrder}, id`;
    const [rows, [{ total }]] = await Promise.all([
      this.txHost.tx.query<GalleryImageRow[]>(
        `SELECT ${COLUMNS} FROM gallery_images ${filter} ORDER BY ${order} ${page.sql}`,
        page.params,
      ),
      this.txHost.tx.query<[{ total: number }]>(
        `SELECT count(*)::int AS total FROM gallery_images ${filter}`,
        filter.params,
      ),
    ]);
    return { rows: rows.map(mapGalleryImageRow), total };
  }

  async all(): Promise<GalleryImage[]> {
    const rows: GalleryImageRow[] = await this.txHost.tx.query(
      `SELECT ${COLUMNS} FROM gallery_images ORDER BY created_at DESC, id`,
    );
    return rows.map(mapGalleryImageRow);
  }

  async get(id: string): Promise<GalleryImage | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: GalleryImageRow[] = await this.txHost.tx.query(
      `SELECT ${COLUMNS} FROM gallery_images WHERE id = $1`,
      [id],
    );
    return rows[0] ? mapGalleryImageRow(rows[0]) : undefined;
  }

  async insert(image: NewGalleryImage): Promise<GalleryImage> {
    const rows: GalleryImageRow[] = await this.txHost.tx.query(
      `INSERT INTO gallery_images (title, type, url, redirect_url, created_at)
       VALUES ($1, $2, $3, $4, clock_timestamp()) RETURNING ${COLUMNS}`,
      [image.title, image.type, image.url, image.redirectUrl ?? ''],
    );
    return mapGalleryImageRow(rows[0]);
  }

  /** Deletes the row and answers it, or undefined when it was already gone. */
  async delete(id: string): Promise<GalleryImage | undefined> {
    const [rows] = await this.txHost.tx.query<[GalleryImageRow[], number]>(
      `DELETE FROM gallery_images WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    return rows[0] ? mapGalleryImageRow(rows[0]) : undefined;
  }
}
