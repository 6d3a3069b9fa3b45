import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { MailService } from '../notifications/mail.service.js';
import { UsersService } from '../users/users.service.js';
import { passwordResetMail } from './account-mails.js';
import { EmailTokenRepository } from './email-token.repository.js';
import { PasswordService } from './password.service.js';

const corrupted = () =>
  new AppError(ErrorCode.LinkCorrupted, Messages.linkCorrupted, HttpStatus.BAD_REQUEST, {
    code: '1',
  });

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly emailTokens: EmailTokenRepository,
    private readonly mail: MailService,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The same answer, after the same work, whether or not the address has an account: the
   * request is queued and a job looks the account up and mails the link.
   */
  async requestLink(email: string) {
    await this.jobs.queue(JobName.PasswordResetLink, { email }, `reset-${randomUUID()}`);
    return { msg: Messages.resetLinkSent };
  }

  @OnJob({ name: JobName.PasswordResetLink, queue: QueueName.Mail })
  async handleLink({ email }: JobOf<JobName.PasswordResetLink>): Promise<JobStatus> {
    const user = await this.users.getByEmail(email);
    if (!user || user.isBlocked) return JobStatus.Skipped;
    const token = await this.emailTokens.create(user.id, 'reset');
    await this.mail.send(
      passwordResetMail(user, `${this.config.publicUrl}/reset_password/${user.id}/${token}`),
    );
    return JobStatus.Success;
  }

  /**
   * Sets the password, uses up the link and ends every session and every other reset link of
   * the account. The link is checked before the costly hashing (the route limits submissions).
   */
  async reset(userId: string, token: string, password: string) {
    this.passwords.assertAcceptable(password, { code: '1' });
    if (!(await this.emailTokens.isValid(userId, 'reset', token))) throw corrupted();
    const passwordHash = await this.passwords.hash(password);
    await this.txHost.withTransaction(async () => {
      if (!(await this.emailTokens.consume(userId, 'reset', token))) throw corrupted();
      await this.users.setPassword(userId, passwordHash);
      await this.emailTokens.revokeAll(userId, 'reset');
      // Opening the link proved the address is theirs.
      await this.users.markVerified(userId);
    });
    return { msg: Messages.passwordResetDone, code: '0' as const };
  }
}
