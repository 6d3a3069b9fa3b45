import type { FastifyInstance } from 'fastify';
import type { StoreMetrics } from '../../common/metrics/store-metrics.js';

/** Records one response's seconds. */
type Observe = (seconds: number) => void;

/**
 * Records every response by its route pattern (`/api/orders/:id`), never by the raw URL: the
 * time of one answered or failed, the count of one refused (4xx). Each (method, route, status)
 * series is looked up once and kept: the patterns are the routes the server has, so the set
 * stays small.
 */
export function recordHttpMetrics(fastify: FastifyInstance, metrics: StoreMetrics) {
  const series = new Map<string, Observe>();
  const seriesOf = (method: string, route: string, status: number): Observe => {
    const labels = [method, route, String(status)] as const;
    if (status >= 400 && status < 500) {
      const counter = metrics.httpRefusals.labels(...labels);
      return () => counter.inc();
    }
    const timer = metrics.httpDuration.labels(...labels);
    return (seconds) => timer.observe(seconds);
  };
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let observe = series.get(key);
    if (!observe) {
      observe = seriesOf(request.method, route, reply.statusCode);
      series.set(key, observe);
    }
    observe(reply.elapsedTime / 1000);
    done();
  });
}
