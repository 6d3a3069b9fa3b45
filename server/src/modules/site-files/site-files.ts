/** The texts of `/robots.txt` and `/sitemap.xml` for a store published at `publicUrl`. */

export interface SitemapProduct {
  id: string;
  updatedAt: Date | null;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

const absolute = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

/**
 * Crawlers may read the shop and the console's sign-in page; the rest of the console, the
 * customer's own pages, the API and the sandbox are of no use to a search engine.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /admin/login',
    'Disallow: /admin/',
    'Disallow: /api/',
    'Disallow: /sandbox/',
    'Disallow: /uploads/',
    'Disallow: /confirmation',
    'Disallow: /walletconfirmation',
    'Disallow: /order-lookup',
    'Disallow: /reset_password/',
    'Disallow: /verification/',
    '',
    `Sitemap: ${absolute(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

const STATIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/faq',
  '/privacypage',
  '/refund-policy',
  '/terms-and-condition',
];

/**
 * Each product page once per language (`/product/ID` in English, `?lang=hi` in Hindi), each entry
 * naming both with `hreflang` and English as the default for other languages.
 */
export function sitemapXml(publicUrl: string, products: SitemapProduct[]): string {
  const lastmod = (updatedAt?: Date | null) =>
    updatedAt ? `<lastmod>${updatedAt.toISOString().slice(0, 10)}</lastmod>` : '';
  const entry = (path: string, updatedAt?: Date | null) =>
    `  <url><loc>${escapeXml(absolute(publicUrl, path))}</loc>${lastmod(updatedAt)}</url>`;
  const productEntries = (product: SitemapProduct) => {
    const en = absolute(publicUrl, `/product/${encodeURIComponent(product.id)}`);
    const hi = `${en}?lang=hi`;
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en-IN" href="${escapeXml(en)}"/>`,
      `<xhtml:link rel="alternate" hreflang="hi-IN" href="${escapeXml(hi)}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(en)}"/>`,
    ].join('');
    return [en, hi].map(
      (loc) =>
        `  <url><loc>${escapeXml(loc)}</loc>${lastmod(product.updatedAt)}${alternates}</url>`,
    );
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...STATIC_PAGES.map((path) => entry(path)),
    ...products.flatMap(productEntries),
    '</urlset>',
    '',
  ].join('\n');
}
