import type { GalleryImagesDto } from '../modules/gallery/gallery.service.js';

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A gallery path as the storefront requests it, or undefined for an image on another site. */
function sitePath(url: string | undefined): string | undefined {
  if (!url || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return undefined;
  return url.startsWith('/') ? url : `/${url}`;
}

/**
 * The home page's `<link rel="preload">` tags: the two API answers it renders from (unless the
 * page carries them already), and the first slide of the carousel (its largest image) for phones
 * and for wider screens, so the browser fetches them while it is still loading the app's script.
 */
export function homePreloads(gallery: GalleryImagesDto, withAnswers = true): string {
  const links = withAnswers
    ? [
        '<link rel="preload" href="/api/gallery/images" as="fetch" crossorigin="anonymous" />',
        '<link rel="preload" href="/api/product/gethomeproducts" as="fetch" crossorigin="anonymous" />',
      ]
    : [];
  const phone = sitePath((gallery.CarouselMb[0] ?? gallery.CarouselPc[0])?.url);
  const wide = sitePath((gallery.CarouselPc[0] ?? gallery.CarouselMb[0])?.url);
  if (phone) {
    links.push(
      `<link rel="preload" href="${escapeAttribute(phone)}" as="image" media="(max-width: 767px)" fetchpriority="high" />`,
    );
  }
  if (wide) {
    links.push(
      `<link rel="preload" href="${escapeAttribute(wide)}" as="image" media="(min-width: 768px)" fetchpriority="high" />`,
    );
  }
  return links.join('\n    ');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A product page's preload of the product it shows (the same answer for every visitor; the
 * items are not preloaded, as a reseller's differ from the public ones).
 */
export function productPreloads(productId: string): string | undefined {
  if (!UUID.test(productId)) return undefined;
  return `<link rel="preload" href="/api/product/eachproduct/${productId}" as="fetch" crossorigin="anonymous" />`;
}

/** The storefront's index.html with `tags` at the end of its head. */
export function withHeadTags(html: string, tags: string): string {
  return html.replace('</head>', `  ${tags}\n  </head>`);
}

/**
 * The storefront's index.html with `tags` before its entry's script, so that the styles they
 * link come first in the cascade, as when the app's styles came with the entry.
 */
export function beforeEntry(html: string, tags: string): string {
  return html.replace('<script type="module"', `${tags}\n    <script type="module"`);
}

/** The parts of Vite's build manifest (`.vite/manifest.json`) the preloads read. */
export interface BuildManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, BuildManifestChunk>;

/**
 * The `<link>` tags that fetch lazily loaded code (the app, `src/start.tsx`, and a page,
 * `src/features/home/HomePage.tsx`) with the entry's script instead of after it: their chunks,
 * the chunks they import that the entry does not, and their styles, in the order given.
 */
export function pageModulePreloads(manifest: BuildManifest, ...sources: string[]): string {
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
  const loadedWithEntry = new Set<string>();
  // A chunk comes after the chunks it imports, so that their styles come first, as Vite links them.
  const imported = (key: string, into: Set<string>, seen = new Set<string>()) => {
    if (into.has(key) || seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) imported(next, into, seen);
    into.add(key);
  };
  for (const entry of entries) {
    const key = Object.keys(manifest).find((name) => manifest[name] === entry);
    if (key) imported(key, loadedWithEntry);
  }
  const page = new Set<string>();
  for (const source of sources) imported(source, page);
  const chunks = [...page].filter((key) => !loadedWithEntry.has(key)).map((key) => manifest[key]);
  return [
    ...chunks
      .flatMap((chunk) => chunk.css ?? [])
      .map((file) => `<link rel="stylesheet" href="/${escapeAttribute(file)}" />`),
    ...chunks.map(
      (chunk) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(chunk.file)}" />`,
    ),
  ].join('\n    ');
}
