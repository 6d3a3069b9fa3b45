import type { ApiAnswer, ApiBody } from '@zstore/contract/api';
import { apiRequest } from './client';
import type { MessageResponse, Role, User } from './types';

export interface SessionPayload {
  token: string;
  user: User;
}

export interface RegisterDetails {
  name: string;
  mobileNumber: string;
  email: string;
  password: string;
}

export const login = (email: string, password: string) =>
  apiRequest<Partial<ApiAnswer<'/auth/login', 'post'>> & MessageResponse>('/auth/login', {
    body: { email, password } satisfies ApiBody<'/auth/login', 'post'>,
  });

export const register = (details: RegisterDetails) =>
  apiRequest<ApiAnswer<'/auth/register', 'post'>>('/auth/register', {
    body: details satisfies ApiBody<'/auth/register', 'post'>,
  });

export const verifyAndRegister = (
  details: RegisterDetails & { otp: string; referralCode?: string },
) =>
  apiRequest<ApiAnswer<'/auth/verifyandregister', 'post'>>('/auth/verifyandregister', {
    body: details satisfies ApiBody<'/auth/verifyandregister', 'post'>,
  });

export const verifyMail = (id: string, token: string) =>
  apiRequest<MessageResponse>(
    `/auth/verifymail/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
    { body: { id, token } },
  );

export const validateUser = (requiredRoles: Role[]) =>
  apiRequest<ApiAnswer<'/auth/validateuser', 'post'>>('/auth/validateuser', {
    body: { requiredRoles } satisfies ApiBody<'/auth/validateuser', 'post'>,
  });

export const fetchGoogleLoginResult = () =>
  apiRequest<Partial<ApiAnswer<'/auth/login/success', 'get'>>>('/auth/login/success', {
    credentials: 'include',
  });

export const GOOGLE_SIGN_IN_URL = '/api/auth/google';
