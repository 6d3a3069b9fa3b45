import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JobName, JobStatus } from './job.enum.js';
import { jobDefinitions } from './job.types.js';
import { ON_JOB_KEY, type OnJobOptions } from './on-job.decorator.js';

export type JobHandler = (payload: unknown) => Promise<JobStatus>;

/** Finds every `@OnJob` method at boot and refuses to start unless each job has exactly one. */
@Injectable()
export class JobRegistry implements OnModuleInit {
  private readonly handlers = new Map<JobName, JobHandler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit() {
    const found = new Map<JobName, string[]>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = instance[method] as (payload: unknown) => Promise<JobStatus>;
        const options = this.reflector.get<OnJobOptions | undefined>(ON_JOB_KEY, fn);
        if (!options) continue;
        if (jobDefinitions[options.name].queue !== options.queue) {
          throw new Error(
            `Job ${options.name} belongs to queue ${jobDefinitions[options.name].queue}, not ${options.queue}`,
          );
        }
        found.set(options.name, [...(found.get(options.name) ?? []), `${wrapper.name}.${method}`]);
        this.handlers.set(options.name, fn.bind(instance));
      }
    }
    const problems: string[] = [];
    for (const name of Object.values(JobName)) {
      const owners = found.get(name) ?? [];
      if (owners.length === 0) problems.push(`${name} has no handler`);
      if (owners.length > 1) {
        problems.push(`${name} has ${owners.length} handlers: ${owners.join(', ')}`);
      }
    }
    if (problems.length > 0) throw new Error(`Job handlers are wrong: ${problems.join('; ')}`);
  }

  get(name: JobName): JobHandler {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler for job ${name}`);
    return handler;
  }
}
