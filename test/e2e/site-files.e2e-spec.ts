import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { startTestApp, type TestApp } from '../utils/app.js';
import { sessionOf } from './money.helpers.js';

/** The answers a page was drawn from, as the server put them in its HTML. */
const initialData = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
  ) as Record<string, unknown>;

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
    // Each product page once per language: English plainly, Hindi with `?lang=hi`.
    expect(productLocations.sort()).toEqual(
      listed
        .flatMap((product) => [
          `${publicUrl}/product/${product.id}`,
          `${publicUrl}/product/${product.id}?lang=hi`,
        ])
        .sort(),
    );
    expect(locations).toContain(`${publicUrl}/`);
    const [first] = listed;
    const entries = [...response.text.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]);
    const ofFirst = entries.filter((entry) => entry.includes(`/product/${first.id}`));
    expect(ofFirst).toHaveLength(2);
    for (const entry of ofFirst) {
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="en-IN" href="${publicUrl}/product/${first.id}"/>`,
      );
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="hi-IN" href="${publicUrl}/product/${first.id}?lang=hi"/>`,
      );
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${publicUrl}/product/${first.id}"/>`,
      );
    }
  });

  it('gives a product page its hreflang pair and draws it in the language asked for', async () => {
    const [product] = await app.sql<{ id: string; name: string }>(
      'SELECT id, name FROM products WHERE deleted_at IS NULL AND instock ORDER BY productid LIMIT 1',
    );
    const english = (await app.http().get(`/product/${product.id}`).expect(200)).text;
    const links = [...english.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)];
    expect(links.map((link) => [link[1], link[2]])).toEqual([
      ['en-IN', `${publicUrl}/product/${product.id}`],
      ['hi-IN', `${publicUrl}/product/${product.id}?lang=hi`],
      ['x-default', `${publicUrl}/product/${product.id}`],
    ]);
    expect(english).toMatch(/<html lang="en"/);
    expect(english).toContain('How To Purchase?');

    const byQuery = (await app.http().get(`/product/${product.id}?lang=hi`).expect(200)).text;
    expect(byQuery).toMatch(/<html lang="hi"/);
    expect(byQuery).toContain('कैसे ख़रीदें?');
    expect(byQuery).not.toContain('How To Purchase?');
    expect(byQuery).toContain('<link rel="alternate" hreflang="hi-IN"');

    const home = (await app.http().get('/home').set('Cookie', 'lang=hi').expect(200)).text;
    expect(home).toMatch(/<html lang="hi"/);
    expect(home).toContain('ट्रेंडिंग छूट');
    expect(home).not.toContain('TRENDING DISCOUNTS');
    const homeEnglish = (await app.http().get('/home').expect(200)).text;
    expect(homeEnglish).toMatch(/<html lang="en"/);
    expect(homeEnglish).toContain('TRENDING DISCOUNTS');

    const other = (await app.http().get('/faq').set('Cookie', 'lang=hi').expect(200)).text;
    expect(other).toMatch(/<html lang="hi"/);
  });

  it('still answers client-side routes with the app', async () => {
    const response = await app.http().get('/product/anything').expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it("preloads the home page's first carousel slide; the home and product pages carry their answers", async () => {
    const [phone] = await app.sql<{ url: string }>(
      "SELECT url FROM gallery_images WHERE type = 'CarouselMb' ORDER BY created_at, id LIMIT 1",
    );
    const home = await app.http().get('/').expect(200);
    expect(home.text).toContain(
      `<link rel="preload" href="${phone.url}" as="image" media="(max-width: 767px)" fetchpriority="high" />`,
    );
    // The answers the first screen was drawn from are in the page: nothing to preload.
    expect(home.text).not.toContain('as="fetch"');
    const homeData = initialData(home.text);
    expect(homeData.homeProducts).toEqual(
      (await app.http().get('/api/product/gethomeproducts').expect(200)).body,
    );
    expect(homeData.gallery).toEqual(
      (await app.http().get('/api/gallery/images').expect(200)).body,
    );

    const [product] = await app.sql<{ id: string }>(
      'SELECT id FROM products WHERE deleted_at IS NULL LIMIT 1',
    );
    const page = await app.http().get(`/product/${product.id}`).expect(200);
    expect(initialData(page.text).product).toEqual({
      id: product.id,
      answer: (await app.http().get(`/api/product/eachproduct/${product.id}`).expect(200)).body,
    });
    const unknown = await app.http().get(`/product/00000000-0000-4000-8000-000000000000`);
    expect(unknown.text).not.toContain('initial-data');
    const other = await app.http().get('/about').expect(200);
    expect(other.text).not.toContain('rel="preload"');
    expect(other.text).toContain('<div id="root"></div>');
  });

  it('draws the home tiles and the product header into the HTML, anew when the catalogue changes', async () => {
    const admin = await sessionOf(app, 'admin@example.com');
    const [product] = await app.sql<{ id: string; name: string }>(
      'SELECT id, name FROM products WHERE deleted_at IS NULL AND instock ORDER BY productid LIMIT 1',
    );
    const tiles = async () => {
      const html = (await app.http().get('/').expect(200)).text;
      return [
        ...html.matchAll(
          /<a class="product-tile"[^>]*href="\/product\/([^"]+)">.*?<span class="product-tile-name">([^<]*)</g,
        ),
      ].map(([, id, name]) => ({ id, name }));
    };
    const heading = async () =>
      /<h1>([^<]*)<\/h1>/.exec(
        (await app.http().get(`/product/${product.id}`).expect(200)).text,
      )?.[1];

    expect((await tiles()).map((tile) => tile.id)).toContain(product.id);
    expect(await heading()).toBe(product.name.replace(/&/g, '&amp;'));

    await app
      .http()
      .post(`/api/admin/editproduct/${product.id}`)
      .set(admin.auth)
      .send({ name: 'Renamed <Game> & Co' })
      .expect(200);
    expect((await tiles()).find((tile) => tile.id === product.id)?.name).toBe(
      'Renamed &lt;Game&gt; &amp; Co',
    );
    expect(await heading()).toBe('Renamed &lt;Game&gt; &amp; Co');
    const renamed = await app.http().get(`/product/${product.id}`).expect(200);
    expect(renamed.text).toContain('<title>Renamed &lt;Game&gt; &amp; Co Top-Up | Z Store</title>');
    expect(renamed.text).toContain(
      'content="Top up Renamed &lt;Game&gt; &amp; Co instantly at Z Store',
    );

    await app
      .http()
      .post('/api/admin/updateproduct')
      .set(admin.auth)
      .send({ _id: product.id, instock: false })
      .expect(200);
    expect((await tiles()).map((tile) => tile.id)).not.toContain(product.id);
  });

  it("fetches the home page's and a product page's own code with the app's script", async () => {
    const chunk = /<link rel="modulepreload" crossorigin href="\/assets\/(\w+)-[\w-]+\.js" \/>/g;
    const pageChunks = (html: string) => [...html.matchAll(chunk)].map((match) => match[1]);
    const home = await app.http().get('/').expect(200);
    expect(pageChunks(home.text)).toContain('HomePage');
    expect(pageChunks(home.text)).not.toContain('ProductPage');

    const [product] = await app.sql<{ id: string }>(
      'SELECT id FROM products WHERE deleted_at IS NULL LIMIT 1',
    );
    const page = await app.http().get(`/product/${product.id}`).expect(200);
    expect(pageChunks(page.text)).toContain('ProductPage');
    expect(pageChunks(page.text)).not.toContain('HomePage');
    expect(page.text).toMatch(
      /<link rel="stylesheet" href="\/assets\/ProductPage-[\w-]+\.css" \/>/,
    );
    // Each preloaded chunk is there to be fetched.
    for (const [, file] of page.text.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)) {
      await app.http().get(file).expect(200);
    }
  });

  it('sends built scripts compressed at build time and cached for good, by their hashed name', async () => {
    const home = await app.http().get('/about').expect(200);
    const script = /<script type="module" crossorigin src="([^"]+)">/.exec(home.text)![1];
    const plain = await app.http().get(script).set('accept-encoding', 'identity').expect(200);
    // Read raw: the HTTP client would decompress it.
    const brotli = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        get(
          `${app.url}${script}`,
          { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (part: Buffer) => chunks.push(part));
            response.on('end', () =>
              resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
            );
          },
        ).on('error', reject);
      },
    );
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Smaller than the compression applied on the fly to answers that have no copy of their own.
    const onTheFly = brotliCompressSync(plain.text, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    expect(brotli.body.length).toBeLessThan(onTheFly.length * 0.95);
    expect(brotliDecompressSync(brotli.body).toString('utf8')).toBe(plain.text);
  });

  it('lets search engines list the console sign-in page and nothing else of the console', async () => {
    const login = await app.http().get('/admin/login').expect(200);
    expect(login.headers['x-robots-tag']).toBeUndefined();
    expect(login.text).not.toMatch(/<meta name="robots"/);
    const orders = await app.http().get('/admin/orders').expect(200);
    expect(orders.headers['x-robots-tag']).toBe('noindex');
  });
});
