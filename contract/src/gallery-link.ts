/**
 * Where a gallery slide (carousel, popup) may send a customer: a page of this store, by its
 * path, or an https address the admin typed, shown to them with its host. The server checks an
 * upload with it and the storefront checks every slide again before it renders a link, so a
 * row written any other way (an older rule, the database by hand) never becomes an off-site link.
 */
export type GalleryLink =
  { kind: 'path'; href: string } | { kind: 'external'; href: string; host: string };

/** What both Node and browsers provide (the contract is built without either's types). */
declare const URL: new (
  input: string,
  base?: string,
) => {
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  origin: string;
  href: string;
  pathname: string;
  search: string;
  hash: string;
};

const SAME_SITE = 'https://same-site.invalid';
/**
 * Spaces, control characters and backslashes: browsers drop tabs and line breaks and read `\`
 * as `/`, so `/\evil.example` or `/<tab>/evil.example` would leave the site.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;

function parse(text: string) {
  try {
    return new URL(text, SAME_SITE);
  } catch {
    return undefined;
  }
}

/** The link a redirect URL stands for, or undefined when it is none the store will follow. */
export function galleryLink(text: string | null | undefined): GalleryLink | undefined {
  const value = (text ?? '').trim();
  if (!value || UNSAFE_CHARACTERS.test(value)) return undefined;
  const url = parse(value);
  if (!url) return undefined;
  if (value.startsWith('/')) {
    const href = `${url.pathname}${url.search}${url.hash}`;
    // `//host` is another site; so is a path that only becomes `//host` once resolved (`/..//host`).
    if (value.startsWith('//') || url.origin !== SAME_SITE || href.startsWith('//')) {
      return undefined;
    }
    return { kind: 'path', href };
  }
  const absolute = /^https:\/\//i.test(value) && url.protocol === 'https:';
  // `https://store.example@evil.example` shows one host and opens another.
  if (!absolute || url.username || url.password || !url.hostname) return undefined;
  return { kind: 'external', href: url.href, host: url.host };
}
