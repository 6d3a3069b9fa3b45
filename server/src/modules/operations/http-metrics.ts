import type { FastifyInstance } from 'fastify';
import type { StoreMetrics } from './store-metrics.js';

/** Times every response by its route pattern (`/api/orders/:id`), never by the raw URL. */
export function recordHttpMetrics(fastify: FastifyInstance, metrics: StoreMetrics) {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
