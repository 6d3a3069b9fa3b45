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
  apiRequest<Partial<SessionPayload> & MessageResponse>('/auth/login', {
    body: { email, password },
  });

export const register = (details: RegisterDetails) =>
  apiRequest<MessageResponse>('/auth/register', { body: details });

export const verifyAndRegister = (details: RegisterDetails & { otp: string }) =>
  apiRequest<MessageResponse>('/auth/verifyandregister', { body: details });

export const verifyMail = (id: string, token: string) =>
  apiRequest<MessageResponse>(
    `/auth/verifymail/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
    { body: { id, token } },
  );

export const validateUser = (requiredRoles: Role[]) =>
  apiRequest<{ role: Role }>('/auth/validateuser', { body: { requiredRoles } });

export const fetchGoogleLoginResult = () =>
  apiRequest<Partial<SessionPayload>>('/auth/login/success', { credentials: 'include' });

export const GOOGLE_SIGN_IN_URL = '/api/auth/google';
