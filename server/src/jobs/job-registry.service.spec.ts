import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { JobName, JobStatus, QueueName } from './job.enum.js';
import { JobRegistry } from './job-registry.service.js';
import { jobDefinitions } from './job.types.js';
import { OnJob } from './on-job.decorator.js';

/** A provider with a handler for each job named, on the job's own queue. */
function handlersFor(names: JobName[], status = JobStatus.Success) {
  @Injectable()
  class Handlers {}
  for (const name of names) {
    const descriptor = { value: () => Promise.resolve(status), writable: true, configurable: true };
    Object.defineProperty(Handlers.prototype, `handle${name}`, descriptor);
    OnJob({ name, queue: jobDefinitions[name].queue })(
      Handlers.prototype,
      `handle${name}`,
      descriptor,
    );
  }
  return Handlers;
}

const AllJobs = handlersFor(Object.values(JobName), JobStatus.Skipped);

@Injectable()
class SecondMailSender {
  @OnJob({ name: JobName.MailSend, queue: QueueName.Mail })
  handleSend() {
    return Promise.resolve(JobStatus.Success);
  }
}

@Injectable()
class WrongQueue {
  @OnJob({ name: JobName.MailSend, queue: QueueName.Maintenance })
  handleSend() {
    return Promise.resolve(JobStatus.Success);
  }
}

async function boot(...providers: Array<new () => unknown>) {
  @Module({ imports: [DiscoveryModule], providers: [JobRegistry, ...providers] })
  class TestModule {}
  const app = await NestFactory.createApplicationContext(TestModule, {
    logger: false,
    abortOnError: false,
  });
  return app;
}

describe('JobRegistry', () => {
  it('finds one handler per job and calls it', async () => {
    const app = await boot(AllJobs);
    for (const name of Object.values(JobName)) {
      await expect(app.get(JobRegistry).get(name)({})).resolves.toBe(JobStatus.Skipped);
    }
    await app.close();
  });

  it('refuses to boot when a job has no handler', async () => {
    await expect(boot()).rejects.toThrow(/MailSend has no handler/);
  });

  it('refuses to boot when a job has two handlers', async () => {
    await expect(boot(AllJobs, SecondMailSender)).rejects.toThrow(/MailSend has 2 handlers/);
  });

  it('refuses a handler declared on the wrong queue', async () => {
    await expect(
      boot(handlersFor(Object.values(JobName).filter((n) => n !== JobName.MailSend)), WrongQueue),
    ).rejects.toThrow(/belongs to queue mail/);
  });
});
