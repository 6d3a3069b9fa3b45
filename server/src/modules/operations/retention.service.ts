import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import { JobWorkerService } from '../../jobs/job-worker.service.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { MailService } from '../notifications/mail.service.js';
import { UpiPaymentsService } from '../payments/upi-payments.service.js';
import { ResellerCallbacks } from '../reseller-api/callbacks/callbacks.service.js';
import { WhatsAppNews } from '../whatsapp/whatsapp-news.service.js';

const DAY_MS = 24 * 3600_000;

/**
 * How long operational records are kept (docs/runbook.md lists every one). Idempotency keys
 * (24 h) are purged by their own sweep; the rest here, each by the code that owns the table.
 */
export const RETENTION_DAYS = {
  /** Mails sent or given up on: the proof a customer was written to, for a month. */
  outgoingMail: 30,
  /** Scheduled-run records (which instance ran a sweep, and when). */
  scheduledRuns: 1,
  /** The sandbox outbox (simulated SMS and e-mail). */
  sandboxMessages: 7,
  /** Alert episodes that ended. */
  resolvedAlerts: 90,
  /** The audit of payment status checks (who asked the gateway, what it said): disputes come within months. */
  paymentChecks: 90,
  /** Failed jobs kept in the queues for inspection (BullMQ also caps them at 5,000). */
  failedJobs: 7,
  /** WhatsApp messages sent or given up on: like mails, the proof a customer was told, for a month. */
  whatsappMessages: 30,
  /** Reseller callbacks delivered or given up on: the delivery log a reseller disputes within months. */
  resellerCallbacks: 90,
};
/** Rows deleted per statement, so a first purge of a large table never holds long locks. */
const BATCH = 5_000;

@Injectable()
export class RetentionService {
  private readonly logger = new Logger('Retention');

  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueueService,
    private readonly jobRuns: JobWorkerService,
    private readonly mail: MailService,
    private readonly payments: UpiPaymentsService,
    private readonly whatsapp: WhatsAppNews,
    private readonly callbacks: ResellerCallbacks,
    private readonly clock: Clock,
  ) {}

  @OnJob({ name: JobName.RetentionPurge, queue: QueueName.Maintenance })
  async handlePurge(): Promise<JobStatus> {
    await this.purge();
    return JobStatus.Success;
  }

  async purge() {
    const before = (days: number) => new Date(this.clock.now().getTime() - days * DAY_MS);
    const mails = await this.mail.purgeFinished(before(RETENTION_DAYS.outgoingMail), BATCH);
    const runs = await this.jobRuns.purgeRunRecords(RETENTION_DAYS.scheduledRuns);
    // The sandbox is not loaded in production, but its table exists everywhere.
    const messages = await this.deleteBatch(
      `DELETE FROM sandbox_messages WHERE id IN (
         SELECT id FROM sandbox_messages WHERE created_at < $1 LIMIT ${BATCH})`,
      before(RETENTION_DAYS.sandboxMessages),
    );
    const alerts = await this.deleteBatch(
      `DELETE FROM admin_alerts WHERE resolved_at < $1`,
      before(RETENTION_DAYS.resolvedAlerts),
    );
    const checks = await this.payments.purgeChecks(before(RETENTION_DAYS.paymentChecks), BATCH);
    const whatsapp = await this.whatsapp.purgeSettled(
      before(RETENTION_DAYS.whatsappMessages),
      BATCH,
    );
    const callbacks = await this.callbacks.purgeFinished(
      before(RETENTION_DAYS.resellerCallbacks),
      BATCH,
    );
    let failedJobs = 0;
    for (const queue of Object.values(QueueName)) {
      const removed = await this.jobs
        .getQueue(queue)
        .clean(RETENTION_DAYS.failedJobs * DAY_MS, BATCH, 'failed');
      failedJobs += removed.length;
    }
    if (mails + runs + messages + alerts + checks + whatsapp + callbacks + failedJobs > 0) {
      this.logger.log(
        `purged ${mails} mails, ${runs} run records, ${messages} sandbox messages, ${alerts} alerts, ${checks} payment checks, ${whatsapp} WhatsApp messages, ${callbacks} reseller callbacks, ${failedJobs} failed jobs`,
      );
    }
    return { mails, runs, messages, alerts, checks, whatsapp, callbacks, failedJobs };
  }

  private async deleteBatch(sql: string, before: Date) {
    const [, count] = await this.db.query<[unknown, number]>(sql, [before]);
    return count;
  }
}
