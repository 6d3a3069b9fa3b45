import { randomUUID } from 'node:crypto';
import { JobName, QueueName } from '../../server/src/jobs/job.enum.js';
import { JobQueueService } from '../../server/src/jobs/job-queue.service.js';
import { MailService } from '../../server/src/modules/notifications/mail.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { waitForMessage } from '../utils/outbox.js';
import { waitFor } from '../utils/process.js';

describe('jobs', () => {
  let app: TestApp;
  let jobs: JobQueueService;

  beforeAll(async () => {
    app = await startTestApp();
    jobs = app.store.app.get(JobQueueService);
  });
  afterAll(() => app.close());

  it('makes one job of ten concurrent enqueues under one job id', async () => {
    const [{ id }] = await app.sql<{ id: string }>(
      `INSERT INTO outgoing_mail (recipient, subject, text_body) VALUES ('dup@example.com', 'Hello', 'Once') RETURNING id`,
    );
    await Promise.all(
      Array.from({ length: 10 }, () =>
        jobs.queue(JobName.MailSend, { mailId: id }, `mail-${id}-0`),
      ),
    );

    await waitForMessage(app.url, 'dup@example.com');
    const queue = jobs.getQueue(QueueName.Mail);
    const all = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
    expect(all.filter((job) => job.id === `mail-${id}-0`)).toHaveLength(1);
    const [mail] = await app.sql<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM outgoing_mail WHERE id = $1',
      [id],
    );
    expect(mail).toEqual({ status: 'sent', attempts: 1 });
    const outbox = await app.http().get('/api/sandbox/outbox').query({ to: 'dup@example.com' });
    expect(outbox.body).toHaveLength(1);
  });

  it('a late duplicate of a finished job changes nothing', async () => {
    const [{ id }] = await app.sql<{ id: string }>(
      `INSERT INTO outgoing_mail (recipient, subject, text_body) VALUES ('late@example.com', 'Hi', 'Once') RETURNING id`,
    );
    await jobs.queue(JobName.MailSend, { mailId: id }, `mail-${id}-0`);
    await waitForMessage(app.url, 'late@example.com');
    await jobs.queue(JobName.MailSend, { mailId: id }, `mail-${id}-late`);
    await waitFor(
      async () => !(await jobs.isLive(QueueName.Mail, `mail-${id}-late`)),
      5_000,
      'the late job',
    );
    const outbox = await app.http().get('/api/sandbox/outbox').query({ to: 'late@example.com' });
    expect(outbox.body).toHaveLength(1);
  });

  it('the sweep sends mail that was recorded but never enqueued', async () => {
    // As if the process died between the commit and the enqueue.
    const [{ id }] = await app.sql<{ id: string }>(
      `INSERT INTO outgoing_mail (recipient, subject, text_body, created_at)
       VALUES ('lost@example.com', 'Recovered', 'Hello again', now() - interval '1 minute') RETURNING id`,
    );
    await app.store.app.get(MailService).handleSweepPending();
    await waitForMessage(app.url, 'lost@example.com');
    const [mail] = await app.sql<{ status: string; generation: number }>(
      'SELECT status, generation FROM outgoing_mail WHERE id = $1',
      [id],
    );
    expect(mail).toEqual({ status: 'sent', generation: 1 });
  });

  it('J12: keeps at most 1,000 finished jobs of a queue in Redis, however many ran', async () => {
    const queue = jobs.getQueue(QueueName.Mail);
    const before = await queue.getJobCounts('completed');
    // Sends of mail that is not pending: each job finishes at once, as skipped.
    const runs = 1_000 + 150 - before.completed;
    await Promise.all(
      Array.from({ length: runs }, (_, i) =>
        jobs.queue(JobName.MailSend, { mailId: randomUUID() }, `retention-${i}`),
      ),
    );
    await waitFor(
      async () => {
        const open = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Object.values(open).every((count) => count === 0);
      },
      60_000,
      'every job to finish',
    );
    const kept = await queue.getJobCounts('completed', 'failed');
    expect(kept.failed).toBe(0);
    expect(kept.completed).toBe(1_000);
  }, 90_000);
});
