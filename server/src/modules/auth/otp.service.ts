import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { Messages } from '@zstore/contract/messages';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Fast2SmsAdapter } from '../../providers/fast2sms/fast2sms.adapter.js';

export type OtpPurpose = 'register' | 'login';

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_RESEND_COOLDOWN_MS = 60_000;
export const OTP_MAX_WRONG = 5;

interface OtpCodeRow {
  id: string;
  code_hash: string;
  attempts: number;
  requested_from: string | null;
  expires_at: Date;
  created_at: Date;
}

interface OtpCode {
  id: string;
  /** HMAC of purpose, number and code, hex. */
  codeHash: string;
  attempts: number;
  /** The address that asked for the code. */
  requestedFrom: string | null;
  expiresAt: Date;
  createdAt: Date;
}

function mapOtpCodeRow(row: OtpCodeRow): OtpCode {
  return {
    id: row.id,
    codeHash: row.code_hash,
    attempts: row.attempts,
    requestedFrom: row.requested_from,
    expiresAt: new Date(row.expires_at),
    createdAt: new Date(row.created_at),
  };
}

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private hash(mobile: string, purpose: OtpPurpose, code: string) {
    return createHmac('sha256', `otp:${this.config.jwt.secret}`)
      .update(`${purpose}:${mobile}:${code}`)
      .digest('hex');
  }

  /** Milliseconds until another code for this purpose may be sent to this number. */
  async cooldownMs(mobile: string, purpose: OtpPurpose): Promise<number> {
    const rows: Array<Pick<OtpCodeRow, 'created_at'>> = await this.txHost.tx.query(
      'SELECT created_at FROM otp_codes WHERE mobilenumber = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1',
      [mobile, purpose],
    );
    if (!rows[0]) return 0;
    const createdAt = new Date(rows[0].created_at);
    const wait = createdAt.getTime() + OTP_RESEND_COOLDOWN_MS - this.clock.now().getTime();
    return Math.max(0, wait);
  }

  /**
   * Issues and texts a code once the cooldown and limits allow it; `withCode` runs in the
   * transaction that stores the code, so what it writes exists exactly when a code was issued.
   */
  async send(mobile: string, purpose: OtpPurpose, ip: string, withCode?: () => Promise<unknown>) {
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
    const rows: Array<{ id: string }> = await this.txHost.withTransaction(async () => {
      await withCode?.();
      await this.txHost.tx.query(
        'UPDATE otp_codes SET consumed_at = $2 WHERE mobilenumber = $1 AND purpose = $3 AND consumed_at IS NULL',
        [mobile, now, purpose],
      );
      return this.txHost.tx.query(
        `INSERT INTO otp_codes (purpose, mobilenumber, code_hash, expires_at, created_at, requested_from)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          purpose,
          mobile,
          this.hash(mobile, purpose, code),
          new Date(now.getTime() + OTP_TTL_MS),
          now,
          ip,
        ],
      );
    });
    try {
      await this.sms.sendOtp(mobile, code);
    } catch (error) {
      this.logger.warn(
        `SMS to ${mobile.slice(0, 2)}******${mobile.slice(-2)} failed: ${(error as Error).message}`,
      );
      await this.txHost.tx.query('DELETE FROM otp_codes WHERE id = $1', [rows[0].id]);
      throw new AppError(
        ErrorCode.ProviderFailed,
        Messages.otpSendFailed,
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
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
    const rows: OtpCodeRow[] = await this.txHost.tx.query(
      `SELECT id, code_hash, attempts, requested_from, expires_at, created_at FROM otp_codes
       WHERE mobilenumber = $1 AND purpose = $2 AND consumed_at IS NULL
       ORDER BY created_at DESC LIMIT 1`,
      [mobile, purpose],
    );
    const otp = rows[0] ? mapOtpCodeRow(rows[0]) : undefined;
    const requester = otp !== undefined && otp.requestedFrom === ip;
    if (!requester) await this.countCheckOn(mobile);
    const now = this.clock.now();
    if (!otp || otp.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(ErrorCode.OtpExpired, Messages.otpExpired, HttpStatus.BAD_REQUEST);
    }
    // Each evaluation first takes one of the code's tries in a guarded write, so however
    // many guesses arrive at once, at most OTP_MAX_WRONG of each kind are ever compared.
    const tries = requester ? 'attempts' : 'stranger_attempts';
    const [, claimed] = await this.txHost.tx.query<[unknown, number]>(
      `UPDATE otp_codes SET ${tries} = ${tries} + 1
       WHERE id = $1 AND consumed_at IS NULL AND attempts < $2 AND ${tries} < $2`,
      [otp.id, OTP_MAX_WRONG],
    );
    if (claimed !== 1) {
      throw new AppError(ErrorCode.OtpExpired, Messages.otpTooManyAttempts, HttpStatus.BAD_REQUEST);
    }
    const expected = Buffer.from(otp.codeHash, 'hex');
    const given = Buffer.from(this.hash(mobile, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      throw new AppError(ErrorCode.OtpInvalid, Messages.otpInvalid, HttpStatus.BAD_REQUEST);
    }
    // The right code gives its try back: only wrong ones count.
    const [, consumed] = await this.txHost.tx.query<[unknown, number]>(
      `UPDATE otp_codes SET consumed_at = $2, ${tries} = ${tries} - 1 WHERE id = $1 AND consumed_at IS NULL`,
      [otp.id, now],
    );
    if (consumed !== 1) {
      throw new AppError(ErrorCode.OtpExpired, Messages.otpExpired, HttpStatus.BAD_REQUEST);
    }
  }
}
