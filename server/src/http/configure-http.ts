import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/config.js';
import { SANDBOX_UPI_APP_META, SANDBOX_UPI_APP_PATH } from '@zstore/contract/upi-apps';
import { serveApiDocument } from './api-document.js';
import { serveResellerApiDocument } from '../modules/reseller-api/reseller-api-document.js';
import { serveResellerApiPage } from '../modules/reseller-api/reseller-api-page.js';
import { GALLERY_MAX_BYTES } from '../modules/gallery/gallery-files.js';
import { refuseMalformedRequests } from './request-shape.js';
import { countRefusedBody } from '../common/http/rate-limit.js';
import { RateLimitService } from '../common/http/rate-limit.service.js';
import { addSecurityHeaders } from './security-headers.js';
import { LogContext } from '../common/logging/log-context.js';
import { logRequests } from '../common/logging/request-logging.js';
import { recordHttpMetrics } from '../modules/operations/http-metrics.js';
import { StoreMetrics } from '../common/metrics/store-metrics.js';
import { GalleryService, type GalleryImagesDto } from '../modules/gallery/gallery.service.js';
import {
  homePreloads,
  beforeEntry,
  pageModulePreloads,
  productPreloads,
  withHeadTags,
  type BuildManifest,
} from './page-preloads.js';
import {
  homeShell as homeShellHtml,
  productHreflangTags,
  withProductHead,
  withShell,
} from './storefront-shell.js';
import { productShell } from './product-shell.js';
import { shellLanguageOf, shellTexts, withHtmlLang, type ShellLanguage } from './shell-language.js';
import { CatalogService } from '../modules/catalog/catalog.service.js';
import type {
  HomeProductsDto,
  ItemsResponseDto,
  ProductPageDto,
} from '../modules/catalog/dto/catalog.dto.js';

export interface StaticRoots {
  storefront: string;
  admin: string;
}

/**
 * Everything the one origin serves besides the API: security headers, cookies, compression,
 * `/api/docs` (unless turned off), `/uploads`, the console under `/admin` and the storefront everywhere else.
 */
export async function configureHttp(
  app: NestFastifyApplication,
  config: AppConfig,
  roots: StaticRoots,
) {
  const fastify = app.getHttpAdapter().getInstance();
  refuseMalformedRequests(fastify, countRefusedBody(app.get(RateLimitService), config));
  recordHttpMetrics(fastify, app.get(StoreMetrics));
  // After the body is read, the handler runs in the request's CLS context, which carries its log
  // fields and its transaction (interceptors and guards see it too).
  logRequests(fastify, app.get(LogContext));
  addSecurityHeaders(fastify, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, {
    secret: createHash('sha256').update(`cookie:${config.jwt.secret}`).digest('hex'),
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: ['Content-Range', 'Retry-After'],
  });
  await app.register(multipart, {
    limits: { fileSize: GALLERY_MAX_BYTES, files: 1, fields: 10, fieldSize: 2000, parts: 12 },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  serveResellerApiDocument(app, config);
  serveResellerApiPage(app);
  if (config.apiDocs) serveApiDocument(app, config);

  const uploads = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (reply, file) => {
      void reply.header('content-disposition', `inline; filename="${path.basename(file)}"`);
      void reply.header('x-content-type-options', 'nosniff');
    },
  });

  const spa = async (root: string, prefix: string) => {
    const index = path.join(root, 'index.html');
    if (!fs.existsSync(index)) return undefined;
    await app.register(fastifyStatic, {
      root,
      prefix,
      wildcard: false,
      decorateReply: false,
      index: false,
      // The build writes .br and .gz copies at the highest levels (scripts/vite-precompress.ts).
      preCompressed: true,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    return fs.readFileSync(index);
  };
  const adminIndex = await spa(roots.admin, '/admin/');
  const storefrontIndex = withSandboxUpiApp(await spa(roots.storefront, '/'), config);
  const storefrontPage = storefrontPages(
    app,
    storefrontIndex,
    buildManifest(roots.storefront),
    config.publicUrl,
  );

  // Client-side routes: any GET that is not an API, sandbox or file path gets the app's index.html.
  fastify.get('/*', async (request, reply) => {
    const [url, query] = request.url.split('?');
    if (/^\/(api|sandbox|uploads)(\/|$)/.test(url)) {
      return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
    }
    const isConsole = /^\/admin(\/|$)/.test(url);
    // The storefront's page is drawn in the visitor's language: `?lang=` or the `lang` cookie.
    const html = isConsole
      ? adminIndex
      : await storefrontPage(url, shellLanguageOf(query, request.cookies.lang));
    if (!html) {
      return reply
        .status(404)
        .type('text/plain')
        .send('This part of the store has not been built (npm run build).');
    }
    // Search engines may list the console's sign-in page, nothing else of it.
    if (isConsole && url !== '/admin/login') void reply.header('x-robots-tag', 'noindex');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}

/**
 * In sandbox mode with the built-in UPI simulator, the storefront's pages name the simulator's
 * UPI app page: the storefront opens the gateway's app links there, as a phone opens them in an app.
 */
function withSandboxUpiApp(index: Buffer | undefined, config: AppConfig) {
  if (!index || !config.sandbox || config.upi.baseUrl) return index;
  return Buffer.from(
    withHeadTags(
      index.toString('utf8'),
      `<meta name="${SANDBOX_UPI_APP_META}" content="${SANDBOX_UPI_APP_PATH}" />`,
    ),
  );
}

const HOME_PATHS = new Set(['/', '/home']);
const PRODUCT_PATH = /^\/product\/([^/]+)$/;
const HOME_PAGE_SOURCE = 'src/features/home/HomePage.tsx';
const PRODUCT_PAGE_SOURCE = 'src/features/product/ProductPage.tsx';
const APP_SOURCE = 'src/start.tsx';

/** The storefront build's manifest of chunks, if the build wrote one. */
function buildManifest(root: string): BuildManifest | undefined {
  const file = path.join(root, '.vite', 'manifest.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest)
    : undefined;
}

/**
 * The storefront's index.html for a path, with preloads of what the page will ask for first (the
 * home page's code, gallery and catalogue, a product page's code and product) and, for the home
 * and product pages, their first screen drawn by the server (storefront-shell.ts), made again
 * whenever the catalogue cache hands out a new answer (any catalogue or gallery change).
 */
function storefrontPages(
  app: NestFastifyApplication,
  index: Buffer | undefined,
  manifest: BuildManifest | undefined,
  publicUrl: string,
) {
  const gallery = app.get(GalleryService, { strict: false });
  const catalog = app.get(CatalogService, { strict: false });
  const html = index?.toString('utf8');
  const withTags = (page: string, ...tags: Array<string | undefined>) => {
    const present = tags.filter(Boolean).join('\n    ');
    return present ? withHeadTags(page, present) : page;
  };
  // The app's code and styles, and the page's own, are fetched with the entry (page-preloads.ts).
  const withModules = (page: string, ...sources: string[]) =>
    manifest ? beforeEntry(page, pageModulePreloads(manifest, APP_SOURCE, ...sources)) : page;
  const appHtml = html && withModules(html);
  const homeShell = html && withModules(html, HOME_PAGE_SOURCE);
  const productHtml = html && withModules(html, PRODUCT_PAGE_SOURCE);
  const home = new Map<ShellLanguage, { gallery?: string; products?: string; html: string }>();

  const homePage = async (page: string, language: ShellLanguage) => {
    // The page works without its preloads and first screen: a failed read only makes it slower.
    const [images, products] = await Promise.all([
      gallery.images().catch(() => undefined),
      catalog.homeProducts(undefined).catch(() => undefined),
    ]);
    const drawn = home.get(language);
    if (drawn && drawn.gallery === images?.json && drawn.products === products?.json) {
      return drawn.html;
    }
    const galleryDto = images && (JSON.parse(images.json) as GalleryImagesDto);
    let built = galleryDto ? withTags(page, homePreloads(galleryDto, !products)) : page;
    if (products) {
      const productsDto = JSON.parse(products.json) as HomeProductsDto;
      built = withShell(built, homeShellHtml(productsDto, galleryDto, shellTexts(language)), {
        homeProducts: productsDto,
        gallery: galleryDto,
      });
    }
    built = withHtmlLang(built, language);
    home.set(language, { gallery: images?.json, products: products?.json, html: built });
    return built;
  };

  const productPage = async (id: string, language: ShellLanguage) => {
    const hreflang = productHreflangTags(publicUrl, id);
    // The public packs: a reseller's page hides their prices until the app shows the trade ones.
    const [answer, itemsAnswer] = await Promise.all([
      catalog.eachProduct(id).catch(() => undefined),
      catalog.items(undefined, id).catch(() => undefined),
    ]);
    if (!answer) {
      return withHtmlLang(withTags(productHtml!, productPreloads(id), hreflang), language);
    }
    const { product } = JSON.parse(answer.json) as { product: ProductPageDto };
    const items = itemsAnswer && (JSON.parse(itemsAnswer.json) as ItemsResponseDto);
    const texts = shellTexts(language);
    return withShell(
      withHtmlLang(withProductHead(withTags(productHtml!, hreflang), product, texts), language),
      productShell(product, items?.items, language),
      {
        product: { id, answer: { product } },
        ...(items ? { items: { id, answer: items } } : {}),
      },
    );
  };

  const plain = new Map<ShellLanguage, string>();
  return async (url: string, language: ShellLanguage) => {
    if (appHtml === undefined || homeShell === undefined) return undefined;
    if (HOME_PATHS.has(url)) return homePage(homeShell, language);
    const product = PRODUCT_PATH.exec(url);
    if (product) return productPage(product[1], language);
    if (!plain.has(language)) plain.set(language, withHtmlLang(appHtml, language));
    return plain.get(language);
  };
}
