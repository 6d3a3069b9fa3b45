import { HttpStatus, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { UsersService } from '../users/users.service.js';
import { WhatsAppConsents } from '../whatsapp/whatsapp-consents.service.js';
import { whatsAppNotOptedIn } from '../whatsapp/whatsapp-errors.js';
import { AuthService } from './auth.service.js';
import { OtpService } from './otp.service.js';

export const OTP_SENT_WHATSAPP = 'OTP sent to your WhatsApp.';

/** Sign-in by a code sent to the account's mobile number; no e-mail verification needed. */
@Injectable()
export class OtpLoginService {
  constructor(
    private readonly users: UsersService,
    private readonly otp: OtpService,
    private readonly auth: AuthService,
    private readonly whatsapp: WhatsAppConsents,
  ) {}

  /**
   * The account of `mobile`. A number with no account, or a blocked one, is counted by `count`
   * before the answer, so every attempt costs the same whether or not the number is registered.
   */
  private async requireUser(mobile: string, count: () => Promise<void>) {
    const user = await this.users.getByMobile(mobile);
    if (!user || user.isBlocked) await count();
    if (!user) {
      throw new AppError(
        ErrorCode.MobileNotRegistered,
        Messages.mobileNotRegistered,
        HttpStatus.NOT_FOUND,
      );
    }
    if (user.isBlocked) {
      throw new AppError(ErrorCode.Blocked, Messages.blocked, HttpStatus.FORBIDDEN);
    }
    return user;
  }

  /** By SMS, or on WhatsApp for an account that opted in to WhatsApp messages. */
  async sendCode(ip: string, mobile: string, channel: 'sms' | 'whatsapp' = 'sms') {
    const user = await this.requireUser(mobile, () => this.otp.countSend(mobile, ip));
    if (channel === 'whatsapp') {
      const choice = await this.whatsapp.choiceOf(user.id);
      if (!choice.optedIn) throw whatsAppNotOptedIn();
      await this.otp.send(mobile, 'login', ip, undefined, {
        channel: 'whatsapp',
        language: choice.language,
      });
      return { success: true, message: OTP_SENT_WHATSAPP };
    }
    await this.otp.send(mobile, 'login', ip);
    return { success: true, message: Messages.otpSentMobile };
  }

  async timer(mobile: string) {
    return {
      success: true,
      timer: await this.otp.cooldownMs(mobile, 'login'),
      message: 'Timer fetched successfully',
    };
  }

  async verify(ip: string, mobile: string, code: string) {
    await this.otp.countCheckFrom(ip);
    const user = await this.requireUser(mobile, () => this.otp.countCheckOn(mobile));
    await this.otp.verify(mobile, 'login', code, ip);
    await this.auth.rememberAddress(user, ip);
    const session = await this.auth.session(user);
    return { success: true, ...session, message: Messages.otpVerifiedLogin };
  }
}
