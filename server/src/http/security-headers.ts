import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's headers, worked out once from the options and set on every response as they are
 * (helmet's Fastify plugin builds the middleware and parses the policy again for each request).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  // helmet's callback types its error as unknown: anything but an Error is shown as text.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * What an API answer needs of them (OWASP's REST set): it is never a document, so a policy that
 * allows nothing, no framing, no sniffing, no referrer, no cross-origin embedding. Helmet's other
 * headers only mean something to a page.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** JSON answers under `/api/`; the API reference (`/api/docs`) is a page. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every response: helmet's, worked out from `options`, on pages, files and
 * everything else, and the API set on API answers (with the same HSTS when `options` has one).
 */
export function addSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions) {
  const pageHeaders = securityHeaders(options);
  const hsts = pageHeaders['strict-transport-security'];
  const apiHeaders = hsts ? { ...API_HEADERS, 'strict-transport-security': hsts } : API_HEADERS;
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
