import { apiRequest } from './client';
import type { User } from './types';

interface OtpResponse {
  success: boolean;
  message?: string;
}

export const sendLoginOtp = (mobile: string) =>
  apiRequest<OtpResponse>('/otp/otp-login', { body: { mobile } });

export const fetchOtpTimer = (mobile: string) =>
  apiRequest<OtpResponse & { timer: number }>('/otp/timer', { body: { mobile } });

export const verifyLoginOtp = (mobile: string, otp: string) =>
  apiRequest<OtpResponse & { token?: string; user?: User }>('/otp/verify-otp', {
    body: { mobile, otp },
  });
