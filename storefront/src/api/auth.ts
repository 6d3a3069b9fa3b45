import type { ApiAnswer } from '@zstore/contract/api';
import { answerOf, api } from './client';
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
  answerOf<Partial<ApiAnswer<'/auth/login', 'post'>> & MessageResponse>(
    api.POST('/api/auth/login', { body: { email, password } }),
  );

export const register = (details: RegisterDetails) =>
  answerOf(api.POST('/api/auth/register', { body: details }));

export const verifyAndRegister = (
  details: RegisterDetails & { otp: string; referralCode?: string },
) => answerOf(api.POST('/api/auth/verifyandregister', { body: details }));

export const verifyMail = (id: string, token: string) =>
  answerOf<MessageResponse>(
    api.POST('/api/auth/verifymail/{id}/{token}', { params: { path: { id, token } } }),
  );

export const validateUser = (requiredRoles: Role[]) =>
  answerOf(api.POST('/api/auth/validateuser', { body: { requiredRoles } }));

export const fetchGoogleLoginResult = () =>
  answerOf<Partial<ApiAnswer<'/auth/login/success', 'get'>>>(
    api.GET('/api/auth/login/success', { credentials: 'include' }),
  );

export const GOOGLE_SIGN_IN_URL = '/api/auth/google';
