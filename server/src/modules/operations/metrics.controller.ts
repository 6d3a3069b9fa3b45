import { Controller, Get, Inject, Logger, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { assertMetricsAccess } from './metrics-access.js';
import { MetricsCollector } from './metrics.collector.js';
import { StoreMetrics } from '../../common/metrics/store-metrics.js';

/**
 * The Prometheus page: `METRICS_TOKEN` as a bearer token; without one, loopback callers outside
 * production and nobody in production (see `assertMetricsAccess`).
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: StoreMetrics,
    private readonly collector: MetricsCollector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (config.env === 'production' && !config.metrics.token) {
      new Logger('Metrics').warn('METRICS_TOKEN is unset: /api/metrics answers 404 in production');
    }
  }

  @Get()
  @Public()
  async scrape(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    assertMetricsAccess(request, {
      token: this.config.metrics.token,
      production: this.config.env === 'production',
    });
    const page = await this.collector.page();
    void reply.header('content-type', this.metrics.registry.contentType);
    void reply.header('cache-control', 'no-store');
    return page;
  }
}
