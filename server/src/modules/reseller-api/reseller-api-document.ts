import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_OPERATION } from '../../common/openapi/api-docs.decorators.js';
import type { AppConfig } from '../../config/config.js';
import { ResellerApiModule } from './reseller-api.module.js';

export const RESELLER_API_DOCUMENT_PATH = '/api/reseller/v1/openapi.json';
const V1 = '/api/reseller/v1/';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const SIGNING = `Every request carries three headers: \`X-Key-Id\` (the key id), \`X-Timestamp\` (Unix time in
seconds, within 300 s of the server's clock, else 401 TIMESTAMP_SKEW) and \`X-Signature\`: the lowercase hex
HMAC-SHA256, keyed with the key's secret, of

    timestamp + "\\n" + METHOD + "\\n" + path_with_query + "\\n" + hex(SHA-256(raw body))

(the body hash of an empty body is the SHA-256 of the empty string). A wrong signature, an unknown, revoked or
stopped key all answer 401 INVALID_SIGNATURE alike; an address outside the key's allowed list 403 IP_NOT_ALLOWED.
Every signed answer carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix seconds
when the window resets); over the limit, 429 with \`Retry-After\`. Amounts are integer paise; times ISO 8601.

Test keys (\`rk_test_...\`) run against the supplier simulators' logic with a separate test balance
(\`POST /api/reseller/v1/sandbox/topup\`): a player id ending in 13 is refused and refunded, one ending in 99
stays Processing (a supplier timeout), any other completes after about a second.`;

/** Every `$ref` the value holds, at any depth. */
function refsOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const entry of value) refsOf(entry, found);
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (key === '$ref' && typeof entry === 'string') found.add(entry.split('/').pop()!);
      else refsOf(entry, found);
    }
  }
  return found;
}

/**
 * The reseller API's own OpenAPI document: the `/api/reseller/v1` operations of the store's
 * controllers, the signing scheme as its security, and only the schemas they use. Built at
 * boot whatever `API_DOCS` says: resellers need it in production.
 */
export function createResellerApiDocument(
  app: INestApplication,
  config: Pick<AppConfig, 'publicUrl'>,
): OpenAPIObject {
  const options = new DocumentBuilder()
    .setTitle('Z Store reseller API')
    .setDescription(SIGNING)
    .setVersion('1')
    .setLicense('Proprietary', `${config.publicUrl}/terms-and-condition`)
    .addServer(config.publicUrl, 'This store')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Key-Id' }, 'keyId')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Timestamp' }, 'timestamp')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Signature' }, 'signature')
    .build();
  options.info.contact = { name: 'Z Store support', url: `${config.publicUrl}/contact` };
  const document = SwaggerModule.createDocument(app, options, { include: [ResellerApiModule] });
  for (const path of Object.keys(document.paths)) {
    if (!path.startsWith(V1)) {
      delete document.paths[path];
      continue;
    }
    for (const method of METHODS) {
      const operation = document.paths[path][method] as Record<string, unknown> | undefined;
      if (!operation) continue;
      delete operation[PUBLIC_OPERATION];
      operation.security = [{ keyId: [], timestamp: [], signature: [] }];
    }
  }
  const schemas = document.components?.schemas ?? {};
  let used = refsOf(document.paths);
  for (let grown = true; grown;) {
    const next = refsOf(
      [...used].map((name) => schemas[name]),
      new Set(used),
    );
    grown = next.size > used.size;
    used = next;
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  document.tags = [{ name: 'Reseller API', description: 'Signed with an API key' }];
  return document;
}

/** Serves the document at `/api/reseller/v1/openapi.json`. */
export function serveResellerApiDocument(
  app: INestApplication,
  config: Pick<AppConfig, 'publicUrl'>,
) {
  const json = JSON.stringify(createResellerApiDocument(app, config));
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.get(RESELLER_API_DOCUMENT_PATH, (_request, reply) => {
    void reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(json);
  });
}
