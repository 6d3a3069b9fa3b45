import sharp from 'sharp';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';

export type ImageKind = 'png' | 'jpg' | 'webp' | 'gif';

/** The most pixels one frame may have (RELIABILITY S8): a small file may declare a huge image. */
export const GALLERY_MAX_PIXELS = 25_000_000;
/**
 * The most pixels all the frames of an animation may have together, and the most frames: an
 * animated GIF costs about 0.2 s of CPU per megapixel to decode and encode again, so 12 cost a
 * few seconds (an animated banner of 30 frames of 800 x 500); four frames of 25 megapixels
 * cost over 12 s and 300 MB (RELIABILITY S8).
 */
export const GALLERY_MAX_ANIMATION_PIXELS = 12_000_000;
export const GALLERY_MAX_FRAMES = 100;

const notAnImage = () => new AppError(ErrorCode.Validation, Messages.galleryFileType, 415);
const tooLarge = () => AppError.badRequest(Messages.galleryImageTooLarge);

/**
 * Decodes the image and encodes it again in its own format, so only pixels survive: bytes
 * appended or hidden in metadata (an HTML or script polyglot) are gone. The header's size is
 * checked before any pixel is decoded.
 */
export async function reencodeImage(data: Buffer, kind: ImageKind): Promise<Buffer> {
  // Reading the header decodes no pixel; the size rule below is ours.
  const header = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.width || !header.height || header.format !== SHARP_FORMAT[kind]) throw notAnImage();
  const frames = header.pages ?? 1;
  const framePixels = header.width * (header.pageHeight ?? header.height);
  const animated = frames > 1 && (kind === 'gif' || kind === 'webp');
  const totalPixels = framePixels * (animated ? frames : 1);
  if (framePixels > GALLERY_MAX_PIXELS) throw tooLarge();
  if (animated && (frames > GALLERY_MAX_FRAMES || totalPixels > GALLERY_MAX_ANIMATION_PIXELS)) {
    throw AppError.badRequest(Messages.galleryAnimationTooLarge);
  }

  // The same bounds again where the frames are decoded, should the header have understated them.
  const image = sharp(data, {
    animated,
    pages: animated ? frames : 1,
    limitInputPixels: animated ? GALLERY_MAX_ANIMATION_PIXELS : GALLERY_MAX_PIXELS,
    failOn: 'error',
  });
  if (!animated) image.rotate();
  const encoded = {
    png: () => image.png(),
    jpg: () => image.jpeg({ quality: 90, mozjpeg: true }),
    webp: () => image.webp({ quality: 90 }),
    gif: () => image.gif(),
  }[kind]();
  return encoded.toBuffer().catch(() => {
    throw notAnImage();
  });
}

const SHARP_FORMAT: Record<ImageKind, string> = {
  png: 'png',
  jpg: 'jpeg',
  webp: 'webp',
  gif: 'gif',
};
