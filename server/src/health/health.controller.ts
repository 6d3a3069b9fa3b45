import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { Public } from '../common/auth/auth.decorators.js';
import { JobWorkerService } from '../jobs/job-worker.service.js';
import { REDIS } from '../redis/redis.module.js';

/** Ready when the database and Redis answer and every queue has a worker somewhere. */
@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly workers: JobWorkerService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Readiness: the database, Redis and a worker on every queue' })
  @Public()
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 2_000 }),
      async () => {
        const redis = this.indicators.check('redis');
        const pong = await Promise.race([
          this.redis.ping().catch(() => 'down'),
          new Promise((resolve) => setTimeout(resolve, 2_000, 'timeout')),
        ]);
        return pong === 'PONG' ? redis.up() : redis.down({ message: String(pong) });
      },
      async () => {
        const queues = this.indicators.check('queues');
        const missing = await Promise.race([
          this.workers.queuesWithoutWorkers().catch(() => ['unknown']),
          new Promise<string[]>((resolve) => setTimeout(resolve, 2_000, ['unknown'])),
        ]);
        return missing.length === 0 ? queues.up() : queues.down({ withoutWorker: missing });
      },
    ]);
  }
}
