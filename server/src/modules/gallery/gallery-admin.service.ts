import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { galleryLink } from '@zstore/contract/gallery-link';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { CatalogCacheService } from '../catalog/catalog-cache.service.js';
import { GALLERY_TYPES, mapGalleryImage, type GalleryType } from './dto/gallery-admin.dto.js';
import { GalleryAdminRepository } from './gallery-admin.repository.js';
import { imageExtension, removeImage, storeImage } from './gallery-files.js';
import { reencodeImage } from './gallery-image.js';
import type { GalleryUpload } from './gallery-upload.js';

/** The console's image gallery: uploads, listing and deletion, files under the data dir. */
@Injectable()
export class GalleryAdminService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly repository: GalleryAdminRepository,
    private readonly cache: CatalogCacheService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: ListQuery) {
    const { rows, total } = await this.repository.list(query);
    return { images: rows.map(mapGalleryImage), total };
  }

  async get(id: string) {
    const row = await this.repository.get(id);
    if (!row) throw AppError.notFound(Messages.notFound);
    return mapGalleryImage(row);
  }

  async upload(auth: AuthUser, { fields, file }: GalleryUpload) {
    const title = (fields.title ?? '').trim();
    const type = (fields.type ?? '').trim();
    if (!title || !file?.length || !type) throw AppError.badRequest(Messages.galleryFieldsRequired);
    if (title.length > 200) throw AppError.badRequest(Messages.textTooLong);
    if (!(GALLERY_TYPES as readonly string[]).includes(type)) {
      throw AppError.badRequest(Messages.galleryTypeInvalid);
    }
    const typed = (fields.redirectUrl ?? '').trim();
    if (typed.length > 500) throw AppError.badRequest(Messages.textTooLong);
    const link = galleryLink(typed);
    if (typed && !link) throw AppError.badRequest(Messages.galleryRedirectInvalid);
    const redirectUrl = link?.href ?? '';
    if (redirectUrl.length > 500) throw AppError.badRequest(Messages.textTooLong);
    const extension = imageExtension(file);
    if (!extension) throw new AppError(ErrorCode.Validation, Messages.galleryFileType, 415);

    const image = await reencodeImage(file, extension);

    const url = await storeImage(this.config.dataDir, image, extension);
    try {
      const row = await this.txHost.withTransaction(async () => {
        const created = await this.repository.insert({
          title,
          type: type as GalleryType,
          url,
          redirectUrl,
        });
        await this.audit.record({
          actorId: auth.id,
          action: 'gallery.upload',
          entity: 'gallery',
          entityId: created.id,
          after: created,
        });
        return created;
      });
      await this.cache.invalidate();
      return mapGalleryImage(row);
    } catch (error) {
      await removeImage(this.config.dataDir, url);
      throw error;
    }
  }

  /** Removes the row, then the file it points to. */
  async delete(auth: AuthUser, id: string) {
    const row = await this.txHost.withTransaction(async () => {
      const deleted = await this.repository
        .get(id)
        .then((found) => (found ? this.repository.delete(id) : undefined));
      if (!deleted) throw AppError.notFound(Messages.notFound);
      await this.audit.record({
        actorId: auth.id,
        action: 'gallery.delete',
        entity: 'gallery',
        entityId: id,
        before: deleted,
      });
      return deleted;
    });
    await this.cache.invalidate();
    await removeImage(this.config.dataDir, row.url);
    return mapGalleryImage(row);
  }
}
