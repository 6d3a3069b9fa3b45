import type { FastifyInstance } from 'fastify';
import type { StoreMetrics } from '../../common/metrics/store-metrics.js';

type Timer = ReturnType<StoreMetrics['httpDuration']['labels']>;

/**
 * Times every response by its route pattern (`/api/orders/:id`), never by the raw URL. Each
 * (method, route, status) series is looked up once and kept: the patterns are the routes the
 * server has, so the set stays small.
 */
export function recordHttpMetrics(fastify: FastifyInstance, metrics: StoreMetrics) {
  const series = new Map<string, Timer>();
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let timer = series.get(key);
    if (!timer) {
      timer = metrics.httpDuration.labels(request.method, route, String(reply.statusCode));
      series.set(key, timer);
    }
    timer.observe(reply.elapsedTime / 1000);
    done();
  });
}
