import { answerOf, api } from './client';
import type { MessageResponse } from './types';

export const requestPasswordReset = (email: string) =>
  answerOf<MessageResponse>(api.POST('/api/password/forgetpassword', { body: { email } }));

export const resetPassword = (id: string, token: string, password: string) =>
  answerOf<MessageResponse>(
    api.POST('/api/password/reset-password/{id}/{token}', {
      params: { path: { id, token } },
      body: { password },
    }),
  );
