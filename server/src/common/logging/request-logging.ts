import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { LogContext } from './log-context.js';
import { loggablePath } from './log-redaction.js';

const REQUEST_ID = /^[\w.-]{8,64}$/;
/** Probes and scrapes are not worth a line each. */
const QUIET_PATHS = /^\/api\/(health|metrics)(\/|\?|$)/;

/**
 * A request id per request (`X-Request-Id` when the caller sent a sane one, echoed back), the
 * handler run in a context carrying it (the CLS context that also carries the request's
 * transaction, see `LogContext`), and one line when the response is sent: `error` for a 5xx,
 * `info` otherwise. No headers, query strings or link tokens are logged.
 */
export function logRequests(fastify: FastifyInstance, logs: LogContext) {
  const ids = new WeakMap<object, string>();
  fastify.addHook('onRequest', (request, reply, done) => {
    const given = request.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    ids.set(request, id);
    void reply.header('x-request-id', id);
    done();
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    logs.run({ reqId: ids.get(request) }, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const url = request.raw.url ?? '';
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    const logger = logs.root();
    if (logger.isLevelEnabled(level) && !QUIET_PATHS.test(url)) {
      const line = {
        reqId: ids.get(request),
        method: request.method,
        url: loggablePath(url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime),
      };
      logger[level](line, 'request completed');
    }
    done();
  });
}
