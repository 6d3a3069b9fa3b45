import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../common/errors/app-error.js';
import { isCleanInput } from '../common/http/input-shape.js';
import { Messages } from '@zstore/contract/messages';

/** What every refused request passes through first: it throws the 429 once a limit is spent. */
export type CountRefused = (request: FastifyRequest) => Promise<void>;

/**
 * Routes whose bodies are a handful of short fields (sign-in, registration, OTP, password reset,
 * the player check): a few hundred bytes, so anything near this bound is not a client of ours.
 */
const SMALL_BODY_ROUTES = /^\/api\/(auth|otp|password)\/|^\/api\/order\/checkid$/;
export const SMALL_BODY_LIMIT = 4 * 1024;

const isJson = (request: FastifyRequest) =>
  /^application\/(.+\+)?json/i.test(request.headers['content-type'] ?? '');

/** A Host header that is a host and an optional port, nothing more (absent is fine: HTTP/1.0). */
const isUsableHost = (host: string | undefined) =>
  host === undefined || (!/[\s/\\?#@]/.test(host) && URL.canParse(`http://${host}/`));

const isObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A body Fastify refused itself: unparsable JSON, a chunked body over the limit, a bad length. */
const isRefusedByParser = (error: FastifyError) => error.code?.startsWith('FST_ERR_CTP_') ?? false;

const isWellFormed = (request: FastifyRequest) => {
  const body: unknown = request.body;
  const wrongBody = body !== undefined && isJson(request) && !isObject(body);
  return !wrongBody && [request.params, request.query, body].every(isCleanInput);
};

/**
 * One check for every route, before guards, pipes and handlers read the request: a Host header a
 * URL can carry, a parsed body no larger than its route allows (refused from its Content-Length,
 * unread), path parameters, query and body holding clean text within the bounds of
 * `isCleanInput`, and a JSON body that is an object. Each check stops at its bound, and a refused
 * request is counted by `countRefused` against the route's limits on the caller. Only JSON, form
 * and multipart bodies are parsed; a text/plain body is refused with 415 unless it is empty (ra-data-simple-rest labels
 * its DELETE requests text/plain), and any other type is refused by Fastify with 415.
 */
export function refuseMalformedRequests(fastify: FastifyInstance, countRefused: CountRefused) {
  fastify.addHook('onRoute', (route) => {
    if (SMALL_BODY_ROUTES.test(route.url) && route.bodyLimit === undefined) {
      route.bodyLimit = SMALL_BODY_LIMIT;
    }
  });
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, text, done) => {
    if (text === '') done(null, undefined);
    else done(new AppError(ErrorCode.Validation, Messages.malformedRequest, 415));
  });
  // A Host no URL can carry (`a b`, port 99999) would break every absolute link built from it.
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!isUsableHost(request.headers.host)) {
      return done(AppError.badRequest(Messages.malformedRequest));
    }
    done();
  });
  // What the hooks throw is answered by the error handler.
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    // Multipart bodies are streamed to their handler, which bounds each part itself.
    const streamed = /^multipart\//i.test(request.headers['content-type'] ?? '');
    if (!streamed && Number(request.headers['content-length']) > request.routeOptions.bodyLimit) {
      await countRefused(request);
      throw new AppError(ErrorCode.Validation, Messages.requestTooLarge, 413);
    }
    return payload;
  });
  fastify.addHook('preValidation', async (request) => {
    if (isWellFormed(request)) return;
    await countRefused(request);
    throw AppError.badRequest(Messages.malformedRequest);
  });
  // Refused by the parser, the answer is already the 400 or 413; the count still lands, and a
  // spent limit shows on the caller's next request.
  fastify.addHook('onError', async (request, _reply, error) => {
    if (isRefusedByParser(error)) await countRefused(request).catch(() => undefined);
  });
}
