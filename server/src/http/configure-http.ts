import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/config.js';
import { createApiDocument } from './api-document.js';
import { GALLERY_MAX_BYTES } from '../modules/gallery/gallery-files.js';
import { GalleryService, type GalleryImagesDto } from '../modules/gallery/gallery.service.js';
import { homePreloads, withHeadTags } from './home-preloads.js';

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
  await app.register(helmet, {
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

  if (config.apiDocs) {
    const document = createApiDocument(app, config);
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  }

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
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    return fs.readFileSync(index);
  };
  const adminIndex = await spa(roots.admin, '/admin/');
  const storefrontIndex = await spa(roots.storefront, '/');
  const homeIndex = homePage(app, storefrontIndex);

  // Client-side routes: any GET that is not an API, sandbox or file path gets the app's index.html.
  fastify.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0];
    if (/^\/(api|sandbox|uploads)(\/|$)/.test(url)) {
      return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
    }
    const html = /^\/admin(\/|$)/.test(url)
      ? adminIndex
      : HOME_PATHS.has(url)
        ? await homeIndex()
        : storefrontIndex;
    if (!html) {
      return reply
        .status(404)
        .type('text/plain')
        .send('This part of the store has not been built (npm run build).');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}

const HOME_PATHS = new Set(['/', '/home']);

/** The storefront's index.html for the home page, with its preloads for the gallery of the day. */
function homePage(app: NestFastifyApplication, index: Buffer | undefined) {
  const gallery = app.get(GalleryService, { strict: false });
  let last: { json: string; html: string } | undefined;
  return async () => {
    if (!index) return undefined;
    // The page works without its preloads: a failed gallery read only makes it slower.
    const json = await gallery.images().catch(() => undefined);
    if (json === undefined) return index;
    if (last?.json !== json) {
      last = {
        json,
        html: withHeadTags(
          index.toString('utf8'),
          homePreloads(JSON.parse(json) as GalleryImagesDto),
        ),
      };
    }
    return last.html;
  };
}
