import { QueueName } from '../../server/src/jobs/job.enum.js';
import { JobQueueService } from '../../server/src/jobs/job-queue.service.js';
import { MailService } from '../../server/src/modules/notifications/mail.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { ledgerProblems } from '../utils/ledger.js';
import { openJobs } from '../utils/queues.js';
import { adminCredit, placeWalletOrder } from '../utils/shop.js';
import { waitFor } from '../utils/wait.js';

const BACKLOG = 300;

/**
 * Deliveries never wait behind mail: with the SMTP server holding every message and hundreds of
 * mails queued, a paid order is delivered in seconds, and the mails still go out afterwards.
 */
describe('deliveries under a mail backlog', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      RATE_LIMIT_USER_ACTIONS: '1000/60',
      WORKER_CONCURRENCY_MAIL: '2',
      WORKER_CONCURRENCY_DELIVERY: '5',
    });
  });
  afterAll(() => app.close());

  it('a paid order is delivered promptly while the slowed mail queue holds hundreds of mails', async () => {
    // The SMTP server holds each message 5 s before taking it.
    await app.http().post('/sandbox/smtp/faults').send({ delayMs: 5_000 }).expect(200);
    const mail = app.store.app.get(MailService);
    for (let i = 0; i < BACKLOG; i += 1) {
      await mail.send({
        to: `backlog-${i}@example.com`,
        subject: 'Your receipt',
        text: 'Thank you for your order.',
        html: '<p>Thank you for your order.</p>',
      });
    }
    expect(await openJobs(app.config.redisPrefix, QueueName.Mail)).toBeGreaterThanOrEqual(
      BACKLOG - 2,
    );

    await adminCredit(app, 'user@example.com', 500);
    const paidAt = Date.now();
    const orderid = await placeWalletOrder(app, 'user@example.com', 'User@12345', {
      product: 'Mobile Legends (Brazil server)',
      pack: '86 Diamonds',
      input1: '51234567',
      input2: '1234',
    });
    await waitFor(
      async () =>
        (
          await app.sql<{ status: string }>('SELECT status FROM orders WHERE orderid = $1', [
            orderid,
          ])
        )[0]?.status === 'Completed',
      10_000,
      'the order to be delivered',
    );
    const deliveredInMs = Date.now() - paidAt;
    expect(deliveredInMs).toBeLessThan(10_000);
    // The mail backlog is still there: the delivery did not wait for it to drain.
    expect(await openJobs(app.config.redisPrefix, QueueName.Mail)).toBeGreaterThan(BACKLOG - 20);
    // The slowed mail queue ran no more at once than its own concurrency.
    const active = await app.store.app
      .get(JobQueueService)
      .getQueue(QueueName.Mail)
      .getJobCounts('active');
    expect(active.active).toBeLessThanOrEqual(2);
    expect(await ledgerProblems(app.databaseUrl)).toEqual([]);

    // Once the SMTP server is quick again, the backlog drains as well.
    await app.http().post('/sandbox/smtp/faults').send({ delayMs: 0 }).expect(200);
    await waitFor(
      async () => (await openJobs(app.config.redisPrefix, QueueName.Mail)) === 0,
      60_000,
      'the mail queue to drain',
    );
  }, 120_000);
});
