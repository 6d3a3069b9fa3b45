import { galleryLink } from '@zstore/contract/gallery-link';
import type { GalleryImagesDto, GallerySlideDto } from '../modules/gallery/gallery.service.js';
import type {
  HomeProductDto,
  HomeProductsDto,
  ProductResponseDto,
} from '../modules/catalog/dto/catalog.dto.js';
import type { ShellTexts } from './shell-language.js';

/**
 * The first screen of the home page and of a product page as plain HTML inside the storefront's
 * `#root`, drawn by the browser before any script has run: the tiles are links that work without
 * the app, and the app replaces this markup (same classes, same layout) when it starts. The
 * answers the HTML was drawn from go with it (`#initial-data`), so the app's first render shows
 * the same tiles instead of loading them again.
 *
 * The tiles carry the public prices: a browser signed in as a reseller hides them until the app
 * shows the trade prices (`theme-init.js` marks such a page, global.css hides them).
 */

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** JSON inside a `<script type="application/json">`: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028');

const FALLBACK_TILE_IMAGE = '/images/fallback-tile.svg';

/** As the storefront's `assetUrl`: server paths are relative to the site root. */
export function assetUrl(path: string | undefined | null): string {
  if (!path) return FALLBACK_TILE_IMAGE;
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:') || path.startsWith('/')) return path;
  return `/${path}`;
}

const formatPrice = (rupees: number) =>
  `₹${Number.isInteger(rupees) ? rupees.toLocaleString('en-IN') : rupees.toFixed(2)}`;

function splitRegion(name: string): [string, string | undefined] {
  const match = /^(.+?)\s*\(([^()]+)\)$/.exec(name);
  return match ? [match[1], match[2]] : [name, undefined];
}

/** The storefront's icons (storefront/src/components/Icon.tsx) that the first screens show. */
const ICONS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5h.01',
  alert: 'M12 3l10 18H2zM12 10v4M12 17.5h.01',
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  wallet: 'M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zM16 14.5h.01',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  headset:
    'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19a4 4 0 0 1-4 3h-1',
  close: 'M6 6l12 12M18 6L6 18',
  pause: 'M8 5v14M16 5v14',
  shieldCheck: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
};

export const icon = (name: keyof typeof ICONS, size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${ICONS[name]}"></path></svg>`;

/** The top bar as a signed-out visitor sees it; its menu opens once the app has started. */
const topBar = (texts: ShellTexts) =>
  `<header class="topbar"><div class="container topbar-inner"><div class="row"><button type="button" class="icon-btn" aria-label="${escapeHtml(texts.openMenu)}" data-shell-key="menu">${icon('menu', 24)}</button><a class="logo" aria-label="${escapeHtml(texts.storeHome)}" href="/home"><img src="/logo.svg" alt="" width="34" height="34"><span class="logo-text">Z <span>Store</span></span></a></div><a class="btn btn-primary btn-sm static-login" href="/login">${escapeHtml(texts.login)}</a></div></header>`;

/** The phone's quick links of the home page (BottomBar in the storefront). */
const BOTTOM_TABS = [
  { href: '/wallet', label: 'wallet', icon: 'wallet' },
  { href: '/dashboard', label: 'dashboard', icon: 'grid' },
  { href: '/home', label: 'home', icon: 'home' },
  { href: '/orders', label: 'order', icon: 'receipt' },
  { href: '/contact', label: 'support', icon: 'headset' },
] as const;

const bottomBar = (texts: ShellTexts) =>
  `<nav class="bottombar" aria-label="${escapeHtml(texts.quickLinks)}">${BOTTOM_TABS.map(
    (tab) =>
      `<a class="bottombar-tab${tab.href === '/home' ? ' is-active is-center' : ''}" href="${tab.href}"><span class="bottombar-icon">${icon(tab.icon, 22)}</span><span>${escapeHtml(texts.tabs[tab.label])}</span></a>`,
  ).join('')}</nav>`;

export const appShell = (texts: ShellTexts, main: string, withBottomBar: boolean) =>
  `<div class="app-shell${withBottomBar ? ' has-bottombar' : ''}" data-static-shell="">${topBar(texts)}<main class="app-main">${main}</main>${withBottomBar ? bottomBar(texts) : ''}</div>`;

const tile = (texts: ShellTexts) => (product: HomeProductDto) => {
  const [name, region] = splitRegion(product.name);
  return [
    `<a class="product-tile" data-audience="public" href="/product/${encodeURIComponent(product._id)}">`,
    `<span class="product-tile-image"><img src="${escapeHtml(assetUrl(product.imgpath))}" alt="" loading="lazy"></span>`,
    `<span class="product-tile-name">${escapeHtml(name)}</span>`,
    region ? `<span class="product-tile-region">${escapeHtml(region)}</span>` : '',
    product.fromPrice !== undefined
      ? `<span class="product-tile-price">${escapeHtml(texts.from(formatPrice(product.fromPrice)))}</span>`
      : '',
    product.bestDiscount
      ? `<span class="product-tile-discount">${escapeHtml(texts.upTo(product.bestDiscount))}</span>`
      : '',
    '</a>',
  ].join('');
};

/** The sections in the home page's order (`sectionsOf` in the storefront's HomePage). */
function sections(products: HomeProductsDto, texts: ShellTexts) {
  return [
    { title: texts.sections.trending, items: products.trending ?? [] },
    { title: texts.sections.instant, items: products.instantGames ?? [] },
    { title: texts.sections.moreGames, items: products.games ?? [] },
    {
      title: texts.sections.others,
      items: [...(products.ott ?? []), ...(products.others ?? [])],
    },
  ].filter((section) => section.items.length);
}

/** A slide's link as the storefront's SlideLink draws it: a store page, an https page, or none. */
function slideLink(redirectUrl: string | undefined, inner: string) {
  const link = galleryLink(redirectUrl);
  if (!link) return `<div class="slide-link">${inner}</div>`;
  const target = link.kind === 'external' ? ' target="_blank" rel="noreferrer"' : '';
  return `<a class="slide-link" href="${escapeHtml(link.href)}"${target}>${inner}</a>`;
}

/**
 * The offers carousel for one screen size, as BannerCarousel draws it on its first slide; its
 * dots, pause button and turning work before the app has started (storefront/src/shell).
 */
function carousel(slides: GallerySlideDto[], kind: 'mobile' | 'desktop', texts: ShellTexts) {
  const slide = (image: GallerySlideDto, index: number) => {
    const first = index === 0;
    const img = `<img src="${escapeHtml(assetUrl(image.url))}" alt="${escapeHtml(image.title || texts.offerN(index + 1))}"${first ? ' fetchpriority="high"' : ' loading="lazy"'} draggable="false">`;
    return `<div class="carousel-slide"${first ? ' aria-hidden="false"' : ' aria-hidden="true" inert=""'}>${slideLink(image.redirectUrl, img)}</div>`;
  };
  const dot = (_: GallerySlideDto, index: number) =>
    `<button type="button" class="carousel-dot${index === 0 ? ' is-active' : ''}" aria-label="${escapeHtml(texts.goToSlide(index + 1))}" aria-current="${index === 0}"></button>`;
  const controls =
    slides.length > 1
      ? `<div class="carousel-controls"><div class="carousel-dots">${slides.map(dot).join('')}</div><button type="button" class="carousel-toggle" aria-label="${escapeHtml(texts.pauseSlides)}" data-play-label="${escapeHtml(texts.playSlides)}" data-pause-label="${escapeHtml(texts.pauseSlides)}">${icon('pause', 16)}</button></div>`
      : '';
  return `<section class="carousel carousel-${kind} static-carousel-${kind}" aria-roledescription="carousel" aria-label="${escapeHtml(texts.offers)}" data-static-carousel=""><div class="carousel-track">${slides.map(slide).join('')}</div>${controls}</section>`;
}

function carousels(gallery: GalleryImagesDto | undefined, texts: ShellTexts): string {
  const phone = gallery?.CarouselMb.length ? gallery.CarouselMb : gallery?.CarouselPc;
  const wide = gallery?.CarouselPc.length ? gallery.CarouselPc : gallery?.CarouselMb;
  if (!phone?.length || !wide?.length) return '';
  // One carousel for each screen size; the other one is not displayed.
  return carousel(phone, 'mobile', texts) + carousel(wide, 'desktop', texts);
}

/**
 * The offer pop-up as PopupAd draws it. It stays hidden without scripts, and for a visitor who
 * closed it a moment ago (`theme-init.js` decides before the first paint).
 */
function popup(gallery: GalleryImagesDto | undefined, texts: ShellTexts): string {
  const offer = gallery?.Popup[0];
  if (!offer) return '';
  const name = escapeHtml(offer.title || texts.offer);
  const link = galleryLink(offer.redirectUrl);
  const action = !offer.title
    ? ''
    : link
      ? `<a class="btn btn-primary btn-block" href="${escapeHtml(link.href)}" target="_blank" rel="noreferrer">${name}</a>`
      : `<button type="button" class="btn btn-primary btn-block" data-popup-close="">${name}</button>`;
  return `<div class="popup-ad" role="dialog" aria-modal="true" aria-label="${name}" tabindex="-1" data-static-popup=""><div class="popup-backdrop" aria-hidden="true" data-popup-close=""></div><div class="popup-card"><button type="button" class="popup-close" aria-label="${escapeHtml(texts.close)}" data-popup-close="">${icon('close', 20)}</button><img src="${escapeHtml(assetUrl(offer.url))}" alt="${name}">${action}</div></div>`;
}

/** The home page's first screen: the offers, the search field and every tile. */
export function homeShell(
  products: HomeProductsDto,
  gallery: GalleryImagesDto | undefined,
  texts: ShellTexts,
): string {
  const catalogue = sections(products, texts)
    .map(
      (section) =>
        `<section class="product-section"><h2 class="section-title">${escapeHtml(section.title)}</h2><div class="product-grid">${section.items.map(tile(texts)).join('')}</div></section>`,
    )
    .join('');
  const search = `<form class="game-search" role="search"><label for="static-game-search" class="sr-only">${escapeHtml(texts.searchGames)}</label>${icon('search', 18)}<input id="static-game-search" type="search" class="input game-search-input" placeholder="${escapeHtml(texts.searchPlaceholder)}" autocomplete="off" enterkeyhint="search" data-shell-key="game-search"></form>`;
  return appShell(
    texts,
    `<div class="container page home"><h1 class="sr-only">${escapeHtml(texts.heading)}</h1>${popup(gallery, texts)}${carousels(gallery, texts)}${search}${catalogue}</div>`,
    true,
  );
}

/** What the app's query cache starts with, by the storefront's query keys. */
export interface InitialData {
  homeProducts?: unknown;
  gallery?: unknown;
  product?: { id: string; answer: unknown };
  items?: { id: string; answer: unknown };
}

/** The storefront's HTML with `shell` inside its `#root` and the answers it was drawn from. */
export function withShell(html: string, shell: string, data: InitialData): string {
  return html.replace(
    '<div id="root"></div>',
    `<div id="root">${shell}</div>\n    <script type="application/json" id="initial-data">${scriptJson(data)}</script>`,
  );
}

/**
 * A product page's `<title>` and meta description, as the page sets them once the app runs
 * (ProductHeader in the storefront), so that they are right before it does.
 */
export function withProductHead(
  html: string,
  product: ProductResponseDto,
  texts: ShellTexts,
): string {
  const title = texts.productTitle(product.name);
  const description = texts.productDescription(product.name);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*"/,
      (_, start: string) => `${start}${escapeHtml(description)}"`,
    );
}

/**
 * A product page's address in each language (English plain, Hindi with `?lang=hi`), as the
 * sitemap lists them: the `hreflang` pair and the default for any other language.
 */
export function productAlternates(publicUrl: string, id: string) {
  const en = new URL(`/product/${encodeURIComponent(id)}`, publicUrl).toString();
  return { en, hi: `${en}?lang=hi` };
}

/** The `<link rel="alternate" hreflang>` tags of a product page. */
export function productHreflangTags(publicUrl: string, id: string): string {
  const { en, hi } = productAlternates(publicUrl, id);
  return [
    `<link rel="alternate" hreflang="en-IN" href="${escapeHtml(en)}" />`,
    `<link rel="alternate" hreflang="hi-IN" href="${escapeHtml(hi)}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(en)}" />`,
  ].join('\n    ');
}
