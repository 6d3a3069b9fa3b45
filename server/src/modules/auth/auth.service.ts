import { AccountProofs } from '../users/account-proofs.js';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { mapUser } from '../users/dto/user.dto.js';
import type { User } from '../users/user.js';
import { UsersService } from '../users/users.service.js';
import { LoginDto, RegisterDto, ValidateUserDto, VerifyAndRegisterDto } from './dto/auth.dto.js';
import { EmailVerificationService } from './email-verification.service.js';
import { LoginThrottle } from './login-throttle.js';
import { OtpService } from './otp.service.js';
import { PasswordService } from './password.service.js';
import { ReferralsService } from '../referrals/referrals.service.js';
import { PendingRegistrationsRepository } from './pending-registrations.repository.js';
import { TokenService } from './token.service.js';
import { rethrowUserConflict } from '../users/user-conflict.js';
import { assertNotLookAlike } from '../users/look-alike-email.js';
import { normalizeEmail } from '@zstore/contract/email-address';
import type { Language } from '../../common/i18n/language.js';

@Injectable()
export class AuthService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly otp: OtpService,
    private readonly pending: PendingRegistrationsRepository,
    private readonly verification: EmailVerificationService,
    private readonly throttle: LoginThrottle,
    private readonly referrals: ReferralsService,
    private readonly proofs: AccountProofs,
  ) {}

  async register(ip: string, dto: RegisterDto) {
    assertNotLookAlike(dto.email);
    this.passwords.assertAcceptable(dto.password);
    await this.assertAvailable(dto.email, dto.mobileNumber);
    const passwordHash = await this.passwords.hash(dto.password);
    // A request refused by the resend cooldown or the limits leaves the pending details alone.
    await this.otp.send(dto.mobileNumber, 'register', ip, () =>
      this.pending.save({
        mobilenumber: dto.mobileNumber,
        name: dto.name,
        email: dto.email,
        passwordHash,
      }),
    );
    return { msg: Messages.otpSentVerifyAccount };
  }

  async verifyAndRegister(
    ip: string,
    dto: VerifyAndRegisterDto,
    deviceId?: string,
    language: Language = 'en',
  ) {
    const pendingEmail = await this.pending.emailOf(dto.mobileNumber);
    if (pendingEmail === undefined) {
      throw new AppError(ErrorCode.OtpExpired, Messages.otpExpired, HttpStatus.BAD_REQUEST);
    }
    assertNotLookAlike(dto.email);
    if (normalizeEmail(pendingEmail) !== dto.email) {
      throw AppError.badRequest(Messages.registrationMismatch);
    }
    this.passwords.assertAcceptable(dto.password);
    await this.otp.verify(dto.mobileNumber, 'register', dto.otp, ip);

    const passwordHash = await this.passwords.hash(dto.password);
    const { user, mailId } = await this.txHost
      .withTransaction(async () => {
        const created = await this.users.create({
          name: dto.name,
          email: dto.email,
          mobilenumber: dto.mobileNumber,
          passwordHash,
          language,
        });
        await this.pending.delete(dto.mobileNumber);
        await this.referrals.enrol(created, dto.referralCode, deviceId);
        const id = await this.verification.recordFirst(created);
        return { user: created, mailId: id };
      })
      .catch(rethrowUserConflict);
    await this.verification.dispatchFirst(user.id, mailId);
    await this.proofs.proven(user);
    return { msg: Messages.mobileVerified };
  }

  /**
   * The route limits the address, and the account from that address; the throttle spaces out
   * an account's sign-ins past a higher ceiling of wrong passwords from everywhere, except from
   * an address the account signed in from before.
   */
  async login(ip: string, dto: LoginDto, deviceId?: string) {
    await this.throttle.beforeAttempt(dto.email, ip);
    const user = await this.users.getByEmailWithPassword(dto.email);
    const passwordOk = await this.passwords.verify(user?.passwordHash, dto.password);
    if (!user) {
      throw new AppError(ErrorCode.UserNotFound, Messages.userNotFound, HttpStatus.NOT_FOUND);
    }
    if (!passwordOk) {
      await this.throttle.failed(dto.email);
      throw new AppError(ErrorCode.WrongPassword, Messages.wrongPassword, HttpStatus.UNAUTHORIZED);
    }
    if (user.isBlocked) {
      throw new AppError(ErrorCode.Blocked, Messages.blocked, HttpStatus.FORBIDDEN);
    }
    if (!user.verified) {
      await this.verification.resend(user);
      throw new AppError(
        ErrorCode.EmailNotVerified,
        Messages.emailNotVerified,
        HttpStatus.FORBIDDEN,
      );
    }
    if (user.passwordHash && this.passwords.needsRehash(user.passwordHash)) {
      await this.users.replacePasswordHash(user.id, await this.passwords.hash(dto.password));
    }
    await this.throttle.signedIn(user.email, ip);
    await this.referrals.rememberDevice(user.id, deviceId);
    return this.session(user);
  }

  verifyMail(userId: string, token: string) {
    return this.verification.verify(userId, token);
  }

  validateUser(auth: AuthUser, dto: ValidateUserDto) {
    const required = dto.requiredRoles ?? [];
    if (required.length > 0 && !required.includes(auth.role)) {
      throw new AppError(ErrorCode.Forbidden, Messages.forbidden, HttpStatus.FORBIDDEN);
    }
    return { role: auth.role };
  }

  /** Remembers the address of a sign-in by SMS code: the phone's holder is the owner. */
  rememberAddress(user: User, ip: string) {
    return this.throttle.signedIn(user.email, ip);
  }

  async session(user: User) {
    await this.proofs.proven(user);
    return { token: await this.tokens.issue(user), user: mapUser(user) };
  }

  private async assertAvailable(email: string, mobile: string) {
    const taken = await this.users.emailOrMobileTaken(email, mobile);
    if (taken.emailTaken) throw AppError.conflict(Messages.emailTaken, ErrorCode.EmailTaken);
    if (taken.mobileTaken) throw AppError.conflict(Messages.mobileTaken, ErrorCode.MobileTaken);
  }
}
