import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { PUBLIC_OPERATION } from '../common/openapi/api-docs.decorators.js';
import type { AppConfig } from '../config/config.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** The OpenAPI document served at `/api/docs-json`, the contract the clients' types come from. */
export function createApiDocument(
  app: INestApplication,
  config: Pick<AppConfig, 'publicUrl' | 'sandbox'>,
): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Z Store API')
    .setDescription(
      'The store API: accounts, catalogue, orders, wallet and the admin console. Errors answer ' +
        '`{ message, code }` (plus `msg` or `error` on the routes whose clients read those).',
    )
    .setVersion('1')
    .setLicense('Proprietary', `${config.publicUrl}/terms-and-condition`)
    .addServer(config.publicUrl, 'This store')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  if (config.sandbox) {
    builder.addTag('Sandbox', 'Sandbox mode only: absent when the store runs with real providers.');
  }
  const options = builder.build();
  options.info.contact = { name: 'Z Store support', url: `${config.publicUrl}/contact` };
  const document = SwaggerModule.createDocument(app, options);
  declarePublicOperations(document);
  return document;
}

/**
 * Serves the Swagger UI at `/api/docs` and the document at `/api/docs-json`, written out once:
 * it is large (a quarter of a megabyte), and it does not change while the server runs.
 */
export function serveApiDocument(
  app: NestFastifyApplication,
  config: Pick<AppConfig, 'publicUrl' | 'sandbox'>,
) {
  const document = createApiDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, { raw: false });
  const json = JSON.stringify(document);
  app
    .getHttpAdapter()
    .getInstance()
    .get('/api/docs-json', (_request, reply) => {
      void reply.type('application/json; charset=utf-8').send(json);
    });
}

/**
 * `@Public()` marks an operation with an extension because the generator drops an empty
 * security list; here it becomes `security: []`. An operation that is neither public nor
 * bearer-authenticated would be documented wrong, so it stops the document being built.
 */
function declarePublicOperations(document: OpenAPIObject) {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as
        (Record<string, unknown> & { security?: unknown[] }) | undefined;
      if (!operation) continue;
      if (operation[PUBLIC_OPERATION]) {
        delete operation[PUBLIC_OPERATION];
        operation.security = [];
      } else if (!operation.security?.length) {
        throw new Error(
          `${method.toUpperCase()} ${path} is neither @Public() nor @Authenticated()`,
        );
      }
    }
  }
}
