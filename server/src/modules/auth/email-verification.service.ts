import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { MailService } from '../notifications/mail.service.js';
import type { User } from '../users/user.js';
import { AccountProofs } from '../users/account-proofs.js';
import { UsersService } from '../users/users.service.js';
import { verificationMail } from './account-mails.js';
import { EmailTokenRepository } from './email-token.repository.js';

type Recipient = Pick<User, 'id' | 'email' | 'name' | 'language'>;

/** The e-mailed link that proves an account's address: sending it, at most once a minute, and using it. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersService,
    private readonly emailTokens: EmailTokenRepository,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly proofs: AccountProofs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new account's first link, recorded in the caller's transaction; `dispatchFirst` after commit. */
  async recordFirst(user: Recipient): Promise<string> {
    const token = await this.emailTokens.create(user.id, 'verify');
    return this.mail.record(verificationMail(user, this.link(user.id, token)));
  }

  /** Sends the first link; it starts the account's once-a-minute count. */
  async dispatchFirst(userId: string, mailId: string) {
    await this.users.claimVerificationSend(userId, this.clock.now());
    await this.mail.dispatch(mailId);
  }

  /** A fresh link, at most one a minute per account. */
  async resend(user: Recipient) {
    if (!(await this.users.claimVerificationSend(user.id, this.clock.now()))) return;
    const token = await this.emailTokens.create(user.id, 'verify');
    await this.mail.send(verificationMail(user, this.link(user.id, token)));
  }

  async verify(userId: string, token: string) {
    const verified = await this.txHost.withTransaction(async () => {
      if (!(await this.emailTokens.consume(userId, 'verify', token))) return false;
      await this.users.markVerified(userId);
      return true;
    });
    // A reopened link of an address already proven: say so, and the page goes to sign-in.
    if (!verified && (await this.alreadyVerified(userId, token))) {
      return { msg: Messages.emailAlreadyVerified, code: '0' as const };
    }
    if (!verified) {
      throw new AppError(
        ErrorCode.VerificationInvalid,
        Messages.verificationInvalid,
        HttpStatus.BAD_REQUEST,
        { code: '1' },
      );
    }
    const account = await this.users.getById(userId);
    if (account) await this.proofs.proven(account);
    return { msg: Messages.emailVerified, code: '0' as const };
  }

  private async alreadyVerified(userId: string, token: string) {
    if (!(await this.emailTokens.wasIssued(userId, 'verify', token))) return false;
    return (await this.users.getById(userId))?.verified === true;
  }

  private link(userId: string, token: string) {
    return `${this.config.publicUrl}/verification/${userId}/${token}`;
  }
}
