import { startTestApp, type TestApp } from '../utils/app.js';

/** Files for browsers and crawlers at the site's root, not the app's HTML (issue 9 point 6). */
describe('robots.txt, favicon.ico and sitemap.xml', () => {
  let app: TestApp;
  const publicUrl = 'https://shop.example.in';

  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: publicUrl }, { serveBuilds: true });
  });
  afterAll(() => app.close());

  it('serves robots.txt as text naming the sitemap and keeping crawlers out of the API', async () => {
    const response = await app.http().get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /admin/');
    expect(lines).toContain('Allow: /admin/login');
    expect(lines).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });

  it('serves favicon.ico as an icon', async () => {
    const response = await app
      .http()
      .get('/favicon.ico')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const body = response.body as Buffer;
    expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it('lists every product in stock in sitemap.xml, and none deleted or out of stock', async () => {
    const [gone, outOfStock] = await app.sql<{ id: string }>(
      'SELECT id FROM products WHERE deleted_at IS NULL ORDER BY productid LIMIT 2',
    );
    await app.sql('UPDATE products SET deleted_at = now() WHERE id = $1', [gone.id]);
    await app.sql('UPDATE products SET instock = false WHERE id = $1', [outOfStock.id]);
    const listed = await app.sql<{ id: string }>(
      'SELECT id FROM products WHERE deleted_at IS NULL AND instock',
    );
    expect(listed.length).toBeGreaterThan(3);

    const response = await app.http().get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset /);
    const locations = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const productLocations = locations.filter((location) => location.includes('/product/'));
    expect(productLocations.sort()).toEqual(
      listed.map((product) => `${publicUrl}/product/${product.id}`).sort(),
    );
    expect(locations).toContain(`${publicUrl}/`);
  });

  it('still answers client-side routes with the app', async () => {
    const response = await app.http().get('/product/anything').expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it("preloads the home page's first carousel slide and API answers, and a product page's product", async () => {
    const [phone] = await app.sql<{ url: string }>(
      "SELECT url FROM gallery_images WHERE type = 'CarouselMb' ORDER BY created_at, id LIMIT 1",
    );
    const home = await app.http().get('/').expect(200);
    expect(home.text).toContain(
      `<link rel="preload" href="${phone.url}" as="image" media="(max-width: 767px)" fetchpriority="high" />`,
    );
    expect(home.text).toContain(
      '<link rel="preload" href="/api/gallery/images" as="fetch" crossorigin="anonymous" />',
    );

    const [product] = await app.sql<{ id: string }>(
      'SELECT id FROM products WHERE deleted_at IS NULL LIMIT 1',
    );
    const page = await app.http().get(`/product/${product.id}`).expect(200);
    expect(page.text).toContain(
      `<link rel="preload" href="/api/product/eachproduct/${product.id}" as="fetch" crossorigin="anonymous" />`,
    );
    const other = await app.http().get('/about').expect(200);
    expect(other.text).not.toContain('rel="preload"');
  });

  it('lets search engines list the console sign-in page and nothing else of the console', async () => {
    const login = await app.http().get('/admin/login').expect(200);
    expect(login.headers['x-robots-tag']).toBeUndefined();
    expect(login.text).not.toMatch(/<meta name="robots"/);
    const orders = await app.http().get('/admin/orders').expect(200);
    expect(orders.headers['x-robots-tag']).toBe('noindex');
  });
});
