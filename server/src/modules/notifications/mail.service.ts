import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { guardedUpdate } from '../../database/transactions.js';
import { Injectable } from '@nestjs/common';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { SmtpAdapter, type MailMessage } from '../../providers/smtp/smtp.adapter.js';

const MAX_ATTEMPTS = 10;

/** An `outgoing_mail` row as a send claims it. */
interface OutgoingMailRow {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

export interface OutgoingMail {
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** Counting the one this send makes. */
  attempts: number;
}

export function mapOutgoingMailRow(row: OutgoingMailRow): OutgoingMail {
  return {
    recipient: row.recipient,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
    attempts: row.attempts,
  };
}
const mailJobId = (id: string, generation: number) => `mail-${id}-${generation}`;

/**
 * E-mail goes out through the `outgoing_mail` table: the row is written first, a job sends it,
 * and the sweep re-enqueues any row still pending, so a crash or a Redis outage delays a mail
 * but never loses it.
 */
@Injectable()
export class MailService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly jobs: JobQueueService,
    private readonly smtp: SmtpAdapter,
  ) {}

  /** Records the mail (in the caller's transaction, if one is open); call `dispatch` after commit. */
  async record(message: MailMessage): Promise<string> {
    const rows: Array<{ id: string }> = await this.txHost.tx.query(
      `INSERT INTO outgoing_mail (recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id`,
      [message.to, message.subject, message.text, message.html ?? null],
    );
    return rows[0].id;
  }

  /** Deletes up to `limit` mails sent or given up on before `before`; pending ones stay. */
  async purgeFinished(before: Date, limit: number): Promise<number> {
    const [, count] = await this.txHost.tx.query<[unknown, number]>(
      `DELETE FROM outgoing_mail WHERE id IN (
         SELECT id FROM outgoing_mail WHERE status <> 'pending' AND created_at < $1 LIMIT $2)`,
      [before, limit],
    );
    return count;
  }

  async dispatch(id: string) {
    await this.jobs.queueSoon(JobName.MailSend, { mailId: id }, mailJobId(id, 0));
  }

  async send(message: MailMessage) {
    await this.dispatch(await this.record(message));
  }

  @OnJob({ name: JobName.MailSend, queue: QueueName.Mail })
  async handleSend({ mailId }: JobOf<JobName.MailSend>): Promise<JobStatus> {
    const row = await guardedUpdate<OutgoingMailRow>(
      this.txHost.tx,
      `UPDATE outgoing_mail SET attempts = attempts + 1 WHERE id = $1 AND status = 'pending'
       RETURNING recipient, subject, text_body, html_body, attempts`,
      [mailId],
    );
    if (!row) return JobStatus.Skipped;
    const mail = mapOutgoingMailRow(row);
    try {
      await this.smtp.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
    } catch (error) {
      await this.txHost.tx.query(
        `UPDATE outgoing_mail SET last_error = $2, status = CASE WHEN attempts >= $3 THEN 'failed'::mail_status ELSE status END
         WHERE id = $1 AND status = 'pending'`,
        [mailId, (error as Error).message.slice(0, 500), MAX_ATTEMPTS],
      );
      throw error;
    }
    await this.txHost.tx.query(
      `UPDATE outgoing_mail SET status = 'sent', sent_at = now() WHERE id = $1 AND status = 'pending'`,
      [mailId],
    );
    return JobStatus.Success;
  }

  @OnJob({ name: JobName.MailSweepPending, queue: QueueName.Maintenance })
  async handleSweepPending(): Promise<JobStatus> {
    const pending: Array<{ id: string; generation: number }> = await this.txHost.tx.query(
      `SELECT id, generation FROM outgoing_mail
       WHERE status = 'pending' AND created_at < now() - interval '20 seconds' ORDER BY created_at LIMIT 500`,
    );
    for (const mail of pending) {
      if (await this.jobs.isLive(QueueName.Mail, mailJobId(mail.id, mail.generation))) continue;
      const bumped = await guardedUpdate<{ generation: number }>(
        this.txHost.tx,
        'UPDATE outgoing_mail SET generation = generation + 1 WHERE id = $1 AND generation = $2 RETURNING generation',
        [mail.id, mail.generation],
      );
      if (bumped) {
        await this.jobs.queueSoon(
          JobName.MailSend,
          { mailId: mail.id },
          mailJobId(mail.id, bumped.generation),
        );
      }
    }
    return JobStatus.Success;
  }
}
