import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { IsNull } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Fast2SmsAdapter } from '../../providers/fast2sms/fast2sms.adapter.js';
import { WhatsAppAdapter } from '../../providers/whatsapp/whatsapp.adapter.js';
import { OtpCodeEntity, type OtpPurpose } from './otp-code.entity.js';

export type { OtpPurpose };

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_RESEND_COOLDOWN_MS = 60_000;
export const OTP_MAX_WRONG = 5;

/** How a code reaches the customer; WhatsApp uses its authentication template in `language`. */
export type OtpDelivery = { channel: 'sms' } | { channel: 'whatsapp'; language: string };

/**
 * 4-digit codes (the spec's length) made by `crypto.randomInt`, stored as an HMAC, valid
 * 5 minutes, single use; a new code replaces the previous one. The address that asked for the
 * code has 5 tries, after which the code is dead; every other address shares 5 more, after which
 * the code is closed to them but stays open to its requester (OWASP ASVS 5.0, 6.3.1).
 */
@Injectable()
export class OtpService {
  private readonly logger = new Logger('Otp');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly limits: RateLimitService,
    private readonly sms: Fast2SmsAdapter,
    private readonly whatsapp: WhatsAppAdapter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get codes() {
    return this.txHost.tx.getRepository(OtpCodeEntity);
  }

  private hash(mobile: string, purpose: OtpPurpose, code: string) {
    return createHmac('sha256', `otp:${this.config.jwt.secret}`)
      .update(`${purpose}:${mobile}:${code}`)
      .digest('hex');
  }

  /** Milliseconds until another code for this purpose may be sent to this number. */
  async cooldownMs(mobile: string, purpose: OtpPurpose): Promise<number> {
    const latest = await this.codes.findOne({
      select: { id: true, createdAt: true },
      where: { mobilenumber: mobile, purpose },
      order: { createdAt: 'DESC' },
    });
    if (!latest) return 0;
    const wait = latest.createdAt.getTime() + OTP_RESEND_COOLDOWN_MS - this.clock.now().getTime();
    return Math.max(0, wait);
  }

  /**
   * Issues and texts a code once the cooldown and limits allow it; `withCode` runs in the
   * transaction that stores the code, so what it writes exists exactly when a code was issued.
   */
  async send(
    mobile: string,
    purpose: OtpPurpose,
    ip: string,
    withCode?: () => Promise<unknown>,
    delivery: OtpDelivery = { channel: 'sms' },
  ) {
    const wait = await this.cooldownMs(mobile, purpose);
    if (wait > 0) {
      throw new AppError(
        ErrorCode.OtpCooldown,
        Messages.otpResendWait,
        HttpStatus.TOO_MANY_REQUESTS,
        { timer: wait },
        {
          'retry-after': String(Math.ceil(wait / 1000)),
        },
      );
    }
    await this.countSend(mobile, ip);

    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const now = this.clock.now();
    const id = await this.txHost.withTransaction(async () => {
      await withCode?.();
      await this.codes.update(
        { mobilenumber: mobile, purpose, consumedAt: IsNull() },
        { consumedAt: now },
      );
      const { identifiers } = await this.codes.insert({
        purpose,
        mobilenumber: mobile,
        codeHash: this.hash(mobile, purpose, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        createdAt: now,
        requestedFrom: ip,
      });
      return identifiers[0].id as string;
    });
    try {
      await this.deliver(mobile, code, delivery);
    } catch (error) {
      this.logger.warn(
        `${delivery.channel === 'sms' ? 'SMS' : 'WhatsApp'} to ${mobile.slice(0, 2)}******${mobile.slice(-2)} failed: ${(error as Error).message}`,
      );
      await this.codes.delete({ id });
      throw new AppError(
        ErrorCode.ProviderFailed,
        Messages.otpSendFailed,
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
  }

  private async deliver(mobile: string, code: string, delivery: OtpDelivery) {
    if (delivery.channel === 'sms') {
      await this.sms.sendOtp(mobile, code);
      return;
    }
    await this.whatsapp.sendTemplate({
      to: `91${mobile}`,
      template: 'signInCode',
      language: delivery.language,
      values: [code],
    });
  }

  /**
   * Counts a request for a code against the number and the address; a request for a number
   * with no account counts too, so looking numbers up is as slow as asking for codes.
   */
  async countSend(mobile: string, ip: string) {
    await this.limits.hitAll([
      [`otp-send:number:${mobile}`, this.config.rateLimits.otpSendNumber],
      [`otp-send:ip:${ip}`, this.config.rateLimits.otpSendIp],
    ]);
  }

  /** Counts a sign-in code check against the address, whatever the number. */
  async countCheckFrom(ip: string) {
    await this.limits.hit(`otp-verify:ip:${ip}`, this.config.rateLimits.otpVerify);
  }

  /** Counts a code check against the number (`verify` does it for strangers to the code). */
  async countCheckOn(mobile: string) {
    await this.limits.hit(`otp-verify:number:${mobile}`, this.config.rateLimits.otpVerify);
  }

  /**
   * Consumes the number's current code if `code` matches; otherwise counts a wrong try, against
   * the requester's tries when `ip` asked for the code, else against the strangers' ones. The
   * number's limit counts strangers only, so they cannot spend it for the owner.
   */
  async verify(mobile: string, purpose: OtpPurpose, code: string, ip: string) {
    const otp = await this.codes.findOne({
      select: { id: true, codeHash: true, requestedFrom: true, expiresAt: true },
      where: { mobilenumber: mobile, purpose, consumedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
    const requester = otp !== null && otp.requestedFrom === ip;
    if (!requester) await this.countCheckOn(mobile);
    const now = this.clock.now();
    if (!otp || otp.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(ErrorCode.OtpExpired, Messages.otpExpired, HttpStatus.BAD_REQUEST);
    }
    // Each evaluation first takes one of the code's tries in a guarded write, so however
    // many guesses arrive at once, at most OTP_MAX_WRONG of each kind are ever compared.
    const tries = requester ? 'attempts' : 'strangerAttempts';
    const triesColumn = requester ? 'attempts' : 'stranger_attempts';
    const { affected: claimed } = await this.codes
      .createQueryBuilder()
      .update()
      .set({ [tries]: () => `${triesColumn} + 1` })
      .where('id = :id AND consumed_at IS NULL', { id: otp.id })
      .andWhere(`attempts < :max AND ${triesColumn} < :max`, { max: OTP_MAX_WRONG })
      .execute();
    if (claimed !== 1) {
      throw new AppError(ErrorCode.OtpExpired, Messages.otpTooManyAttempts, HttpStatus.BAD_REQUEST);
    }
    const expected = Buffer.from(otp.codeHash, 'hex');
    const given = Buffer.from(this.hash(mobile, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      throw new AppError(ErrorCode.OtpInvalid, Messages.otpInvalid, HttpStatus.BAD_REQUEST);
    }
    // The right code gives its try back: only wrong ones count.
    const { affected: consumed } = await this.codes
      .createQueryBuilder()
      .update()
      .set({
        consumedAt: now,
        [tries]: () => `${triesColumn} - 1`,
      })
      .where('id = :id AND consumed_at IS NULL', { id: otp.id })
      .execute();
    if (consumed !== 1) {
      throw new AppError(ErrorCode.OtpExpired, Messages.otpExpired, HttpStatus.BAD_REQUEST);
    }
  }
}
