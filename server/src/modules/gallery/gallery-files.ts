import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The largest image the gallery takes; `@fastify/multipart` stops reading beyond it. */
export const GALLERY_MAX_BYTES = 2 * 1024 * 1024;

const FOLDER = 'gallery';
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

/**
 * The image kind from the file's first bytes (the client's content type is not trusted). SVG is
 * refused: it can carry scripts, and the files are served from the store's own origin.
 */
export function imageExtension(data: Buffer): 'png' | 'jpg' | 'webp' | 'gif' | undefined {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  if (/^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'gif';
  return undefined;
}

/** Writes the image under `<dataDir>/uploads/gallery` and answers its URL (`/uploads/...`). */
export async function storeImage(dataDir: string, data: Buffer, extension: string) {
  const folder = path.join(dataDir, 'uploads', FOLDER);
  await fs.mkdir(folder, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await fs.writeFile(path.join(folder, name), data, { flag: 'wx' });
  return `/uploads/${FOLDER}/${name}`;
}

/** Removes a file the gallery stored; other URLs (the demo's shipped images) are left alone. */
export async function removeImage(dataDir: string, url: string) {
  const prefix = `/uploads/${FOLDER}/`;
  const name = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  if (!STORED_NAME.test(name)) return;
  await fs.rm(path.join(dataDir, 'uploads', FOLDER, name), { force: true });
}
