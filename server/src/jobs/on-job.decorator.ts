import { SetMetadata } from '@nestjs/common';
import { JobName, QueueName } from './job.enum.js';

export const ON_JOB_KEY = 'jobs:on-job';

export interface OnJobOptions {
  name: JobName;
  queue: QueueName;
}

/** Marks a service method `handleX(payload)` as the one handler of a job; found at boot. */
export const OnJob = (options: OnJobOptions) => SetMetadata(ON_JOB_KEY, options);
