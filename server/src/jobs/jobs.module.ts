import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobQueueService } from './job-queue.service.js';
import { JobRegistry } from './job-registry.service.js';
import { JobWorkerService } from './job-worker.service.js';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobRegistry, JobQueueService, JobWorkerService],
  exports: [JobQueueService, JobWorkerService],
})
export class JobsModule {}
