import { Controller, Get, HttpStatus, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { Public } from '../common/auth/auth.decorators.js';
import { AppError, ErrorCode } from '../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { ApiErrors } from '../common/openapi/api-docs.decorators.js';
import { JobWorkerService } from '../jobs/job-worker.service.js';
import { REDIS } from '../redis/redis.module.js';

class HealthAnswerDto {
  @ApiProperty({ example: 'ok' }) status: string;
  @ApiProperty({ description: 'Each part (database, redis, queues, sweeps) and its state' })
  details: Record<string, unknown>;
}

/**
 * Ready when the database and Redis answer, every queue has a worker somewhere and every sweep
 * ran within its last few intervals.
 */
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
  @ApiOperation({
    summary: 'Readiness: the database, Redis, a worker on every queue and recent sweeps',
  })
  @Public()
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOkResponse({ description: 'Every part is up', type: HealthAnswerDto })
  @ApiErrors(503)
  async check() {
    try {
      return await this.checkParts();
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      // The error body names each part and its state, so an operator sees what is down.
      const { status, error: down, details } = error.getResponse() as Record<string, unknown>;
      throw new AppError(
        ErrorCode.Unavailable,
        Messages.unhealthy,
        HttpStatus.SERVICE_UNAVAILABLE,
        {
          status,
          error: down,
          details,
        },
      );
    }
  }

  private checkParts() {
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
      async () => {
        // A sweep that stopped running (its scheduler lost, every worker's maintenance stuck)
        // loses no data but leaves paid orders undelivered: the operator must hear of it.
        const sweeps = this.indicators.check('sweeps');
        const stale = await Promise.race([
          this.workers.staleSweeps().catch(() => ['unknown']),
          new Promise<string[]>((resolve) => setTimeout(resolve, 2_000, ['unknown'])),
        ]);
        return stale.length === 0 ? sweeps.up() : sweeps.down({ notRunFor: stale });
      },
    ]);
  }
}
