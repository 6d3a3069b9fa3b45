import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../common/errors/app-error.js';
import { isCleanInput } from '../common/http/input-shape.js';
import { Messages } from '@zstore/contract/messages';

const isJson = (request: FastifyRequest) =>
  /^application\/(.+\+)?json/i.test(request.headers['content-type'] ?? '');

/** A Host header that is a host and an optional port, nothing more (absent is fine: HTTP/1.0). */
const isUsableHost = (host: string | undefined) =>
  host === undefined || (!/[\s/\\?#@]/.test(host) && URL.canParse(`http://${host}/`));

const isObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * One check for every route, before guards, pipes and handlers read the request: path
 * parameters, query and body hold clean text nested no deeper than a real client nests them
 * (see `isCleanInput`), and a JSON body is an object. Only JSON, form and multipart bodies are
 * parsed; the Host header must be one a URL can carry; a text/plain body is refused with 415 unless it is empty (ra-data-simple-rest labels
 * its DELETE requests text/plain), and any other type is refused by Fastify with 415.
 */
export function refuseMalformedRequests(fastify: FastifyInstance) {
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
  // What the hook hands `done` is answered by the error handler.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const body: unknown = request.body;
    const wrongBody = body !== undefined && isJson(request) && !isObject(body);
    if (wrongBody || ![request.params, request.query, body].every(isCleanInput)) {
      return done(AppError.badRequest(Messages.malformedRequest));
    }
    done();
  });
}
