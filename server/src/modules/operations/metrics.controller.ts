import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { assertMetricsAccess } from './metrics-access.js';
import { MetricsCollector } from './metrics.collector.js';
import { StoreMetrics } from './store-metrics.js';

/** The Prometheus page: `METRICS_TOKEN` as a bearer token, or loopback callers without one. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: StoreMetrics,
    private readonly collector: MetricsCollector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  async scrape(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    assertMetricsAccess(request, this.config.metrics.token);
    await this.collector.collect();
    void reply.header('content-type', this.metrics.registry.contentType);
    void reply.header('cache-control', 'no-store');
    return this.metrics.registry.metrics();
  }
}
