import { answerOf, api } from './client';
import type { User } from './types';

interface OtpResponse {
  success: boolean;
  message?: string;
}

/** By SMS, or on WhatsApp for an account that turned WhatsApp updates on. */
export const sendLoginOtp = (mobile: string, channel: 'sms' | 'whatsapp' = 'sms') =>
  answerOf<OtpResponse>(
    channel === 'sms'
      ? api.POST('/api/otp/otp-login', { body: { mobile } })
      : api.POST('/api/otp/whatsapp-login', { body: { mobile } }),
  );

export const fetchOtpTimer = (mobile: string) =>
  answerOf<OtpResponse & { timer: number }>(api.POST('/api/otp/timer', { body: { mobile } }));

export const verifyLoginOtp = (mobile: string, otp: string) =>
  answerOf<OtpResponse & { token?: string; user?: User }>(
    api.POST('/api/otp/verify-otp', { body: { mobile, otp } }),
  );
