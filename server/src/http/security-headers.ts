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

export function addSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
