import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { isCleanInput } from '../../common/http/input-shape.js';
import { Messages } from '@zstore/contract/messages';

export interface GalleryUpload {
  fields: Record<string, string>;
  file?: Buffer;
}

/** Reads the upload form: text fields and the `images` file, refusing one over the size limit. */
export async function readGalleryUpload(request: FastifyRequest): Promise<GalleryUpload> {
  if (!request.isMultipart()) throw AppError.badRequest(Messages.galleryFieldsRequired);
  const upload: GalleryUpload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'images' && !upload.file) upload.file = data;
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.Validation, Messages.galleryFileTooLarge, 413);
    }
    // Anything else read here is a form the parser could not read: no boundary, a body that is
    // not multipart at all, or one cut short.
    throw AppError.badRequest(Messages.galleryFieldsRequired);
  }
  // The form's text is read here, past the check every JSON body gets before its route.
  if (!isCleanInput(upload.fields)) throw AppError.badRequest(Messages.malformedRequest);
  return upload;
}
