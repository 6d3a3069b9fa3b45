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

export function sitemapXml(publicUrl: string, products: SitemapProduct[]): string {
  const entry = (path: string, updatedAt?: Date | null) =>
    `  <url><loc>${escapeXml(absolute(publicUrl, path))}</loc>${
      updatedAt ? `<lastmod>${updatedAt.toISOString().slice(0, 10)}</lastmod>` : ''
    }</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((path) => entry(path)),
    ...products.map((product) => entry(`/product/${product.id}`, product.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}
