import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { guardedUpdate } from '../../database/transactions.js';
import { Injectable } from '@nestjs/common';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { SmtpAdapter, type MailMessage } from '../../providers/smtp/smtp.adapter.js';
import { OutgoingMailEntity } from './outgoing-mail.entity.js';

const MAX_ATTEMPTS = 10;

/** A mail as a send claims it; `attempts` counts the one this send makes. */
export type OutgoingMail = Pick<
  OutgoingMailEntity,
  'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'attempts'
>;

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

  private get mails() {
    return this.txHost.tx.getRepository(OutgoingMailEntity);
  }

  /** Records the mail (in the caller's transaction, if one is open); call `dispatch` after commit. */
  async record(message: MailMessage): Promise<string> {
    const { identifiers } = await this.mails.insert({
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
    });
    return identifiers[0].id as string;
  }

  /** Deletes up to `limit` mails sent or given up on before `before`; pending ones stay. */
  async purgeFinished(before: Date, limit: number): Promise<number> {
    // SQL: a bounded batch, and PostgreSQL's DELETE has no LIMIT of its own.
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
    const mail = await this.claimSend(mailId);
    if (!mail) return JobStatus.Skipped;
    try {
      await this.smtp.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
    } catch (error) {
      await this.mails.update(
        { id: mailId, status: 'pending' },
        {
          lastError: (error as Error).message.slice(0, 500),
          status: () =>
            `CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'failed'::mail_status ELSE status END`,
        },
      );
      throw error;
    }
    await this.mails.update(
      { id: mailId, status: 'pending' },
      { status: 'sent', sentAt: () => 'now()' },
    );
    return JobStatus.Success;
  }

  /** Counts a send of a pending mail and answers the mail, or undefined if it is not pending. */
  private claimSend(mailId: string): Promise<OutgoingMail | undefined> {
    // SQL: one guarded UPDATE ... RETURNING claims the try and reads what to send.
    return guardedUpdate<OutgoingMail>(
      this.txHost.tx,
      `UPDATE outgoing_mail SET attempts = attempts + 1 WHERE id = $1 AND status = 'pending'
       RETURNING recipient, subject, text_body AS "textBody", html_body AS "htmlBody", attempts`,
      [mailId],
    );
  }

  @OnJob({ name: JobName.MailSweepPending, queue: QueueName.Maintenance })
  async handleSweepPending(): Promise<JobStatus> {
    const pending = await this.mails
      .createQueryBuilder('mail')
      .select(['mail.id', 'mail.generation'])
      .where(`mail.status = 'pending' AND mail.createdAt < now() - interval '20 seconds'`)
      .orderBy('mail.createdAt')
      .limit(500)
      .getMany();
    for (const mail of pending) {
      if (await this.jobs.isLive(QueueName.Mail, mailJobId(mail.id, mail.generation))) continue;
      const { affected } = await this.mails.update(
        { id: mail.id, generation: mail.generation },
        { generation: mail.generation + 1 },
      );
      if (affected === 1) {
        await this.jobs.queueSoon(
          JobName.MailSend,
          { mailId: mail.id },
          mailJobId(mail.id, mail.generation + 1),
        );
      }
    }
    return JobStatus.Success;
  }
}
