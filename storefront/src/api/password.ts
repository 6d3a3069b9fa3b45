import { apiRequest } from './client';
import type { MessageResponse } from './types';

export const requestPasswordReset = (email: string) =>
  apiRequest<MessageResponse>('/password/forgetpassword', { body: { email } });

export const resetPassword = (id: string, token: string, password: string) =>
  apiRequest<MessageResponse>(
    `/password/reset-password/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
    { body: { password } },
  );
