import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { Messages } from '@zstore/contract/messages';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { MailService } from '../notifications/mail.service.js';
import { mapUser } from '../users/dto/user.dto.js';
import type { UserEntity } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { verificationMail } from './account-mails.js';
import { LoginDto, RegisterDto, ValidateUserDto, VerifyAndRegisterDto } from './dto/auth.dto.js';
import { EmailTokenRepository } from './email-token.repository.js';
import { OtpService } from './otp.service.js';
import { PasswordService } from './password.service.js';
import { TokenService } from './token.service.js';
import { rethrowUserConflict } from '../users/user-conflict.js';

/** The longest a slowed-down sign-in waits for its turn before it is told to come back. */
const LOGIN_MAX_WAIT_MS = 10_000;

@Injectable()
export class AuthService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly otp: OtpService,
    private readonly emailTokens: EmailTokenRepository,
    private readonly mail: MailService,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register(ip: string, dto: RegisterDto) {
    this.passwords.assertAcceptable(dto.password);
    await this.assertAvailable(dto.email, dto.mobileNumber);
    const passwordHash = await this.passwords.hash(dto.password);
    // A request refused by the resend cooldown or the limits leaves the pending details alone.
    await this.otp.send(dto.mobileNumber, 'register', ip, () =>
      this.txHost.tx.query(
        `INSERT INTO pending_registrations (mobilenumber, name, email, password_hash, created_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (mobilenumber) DO UPDATE SET name = $2, email = $3, password_hash = $4, created_at = now()`,
        [dto.mobileNumber, dto.name, dto.email, passwordHash],
      ),
    );
    return { msg: Messages.otpSentVerifyAccount };
  }

  async verifyAndRegister(dto: VerifyAndRegisterDto) {
    const pending: Array<{ email: string }> = await this.txHost.tx.query(
      'SELECT email FROM pending_registrations WHERE mobilenumber = $1',
      [dto.mobileNumber],
    );
    if (!pending[0]) {
      throw new AppError(ErrorCode.OtpExpired, Messages.otpExpired, HttpStatus.BAD_REQUEST);
    }
    if (pending[0].email.toLowerCase() !== dto.email) {
      throw AppError.badRequest(Messages.registrationMismatch);
    }
    this.passwords.assertAcceptable(dto.password);
    await this.otp.verify(dto.mobileNumber, 'register', dto.otp);

    const passwordHash = await this.passwords.hash(dto.password);
    const { user, mailId } = await this.txHost
      .withTransaction(async () => {
        const created = await this.users.create({
          name: dto.name,
          email: dto.email,
          mobilenumber: dto.mobileNumber,
          passwordHash,
        });
        await this.txHost.tx.query('DELETE FROM pending_registrations WHERE mobilenumber = $1', [
          dto.mobileNumber,
        ]);
        const token = await this.emailTokens.create(created.id, 'verify');
        const id = await this.mail.record(
          verificationMail(created.email, created.name, this.verificationLink(created.id, token)),
        );
        return { user: created, mailId: id };
      })
      .catch(rethrowUserConflict);
    await this.users.claimVerificationSend(user.id, this.clock.now());
    await this.mail.dispatch(mailId);
    return { msg: Messages.mobileVerified };
  }

  /**
   * The route limits the address, and the account from that address, so a stranger's guesses
   * never lock the owner out; past a higher ceiling of wrong passwords from everywhere, the
   * account's sign-ins are evaluated one at a time, spaced out (OWASP ASVS 5.0, 6.3.1).
   */
  async login(dto: LoginDto) {
    const { loginAccount, loginSlowed } = this.config.rateLimits;
    const failures = `login:failures:${dto.email}`;
    if (await this.limits.exceeded(failures, loginAccount)) {
      await this.limits.slowDown(`login:slowed:${dto.email}`, loginSlowed, LOGIN_MAX_WAIT_MS);
    }
    const user = await this.users.getByEmailWithPassword(dto.email);
    const passwordOk = await this.passwords.verify(user?.passwordHash, dto.password);
    if (!user) {
      throw new AppError(ErrorCode.UserNotFound, Messages.userNotFound, HttpStatus.NOT_FOUND);
    }
    if (!passwordOk) {
      await this.limits.allow(failures, loginAccount);
      throw new AppError(ErrorCode.WrongPassword, Messages.wrongPassword, HttpStatus.UNAUTHORIZED);
    }
    if (user.isBlocked) {
      throw new AppError(ErrorCode.Blocked, Messages.blocked, HttpStatus.FORBIDDEN);
    }
    if (!user.verified) {
      await this.sendVerification(user);
      throw new AppError(
        ErrorCode.EmailNotVerified,
        Messages.emailNotVerified,
        HttpStatus.FORBIDDEN,
      );
    }
    if (user.passwordHash && this.passwords.needsRehash(user.passwordHash)) {
      await this.users.replacePasswordHash(user.id, await this.passwords.hash(dto.password));
    }
    return this.session(user);
  }

  async verifyMail(userId: string, token: string) {
    const verified = await this.txHost.withTransaction(async () => {
      if (!(await this.emailTokens.consume(userId, 'verify', token))) return false;
      await this.users.markVerified(userId);
      return true;
    });
    if (!verified) {
      throw new AppError(
        ErrorCode.VerificationInvalid,
        Messages.verificationInvalid,
        HttpStatus.BAD_REQUEST,
        { code: '1' },
      );
    }
    return { msg: Messages.emailVerified, code: '0' as const };
  }

  validateUser(auth: AuthUser, dto: ValidateUserDto) {
    const required = dto.requiredRoles ?? [];
    if (required.length > 0 && !required.includes(auth.role)) {
      throw new AppError(ErrorCode.Forbidden, Messages.forbidden, HttpStatus.FORBIDDEN);
    }
    return { role: auth.role };
  }

  async session(user: UserEntity) {
    return { token: await this.tokens.issue(user), user: mapUser(user) };
  }

  /** A fresh verification link, at most one a minute per account. */
  private async sendVerification(user: UserEntity) {
    if (!(await this.users.claimVerificationSend(user.id, this.clock.now()))) return;
    const token = await this.emailTokens.create(user.id, 'verify');
    await this.mail.send(
      verificationMail(user.email, user.name, this.verificationLink(user.id, token)),
    );
  }

  private verificationLink(userId: string, token: string) {
    return `${this.config.publicUrl}/verification/${userId}/${token}`;
  }

  private async assertAvailable(email: string, mobile: string) {
    const taken = await this.users.emailOrMobileTaken(email, mobile);
    if (taken.emailTaken) throw AppError.conflict(Messages.emailTaken, ErrorCode.EmailTaken);
    if (taken.mobileTaken) throw AppError.conflict(Messages.mobileTaken, ErrorCode.MobileTaken);
  }
}
