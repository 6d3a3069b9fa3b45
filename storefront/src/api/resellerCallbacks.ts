import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { answerOf, api } from './client';
import { queryKeys } from './queryKeys';

export type CallbackLog = ApiAnswer<'/resellers/{userid}/callbacks', 'get'>;
export type CallbackEvent = CallbackLog['events'][number];

/** The reseller's callback delivery log, newest events first. */
export const callbackLogQuery = (userid: number) =>
  queryOptions({
    queryKey: [...queryKeys.resellerKeys(userid), 'callbacks'] as const,
    queryFn: () =>
      answerOf<CallbackLog>(
        api.GET('/api/resellers/{userid}/callbacks', { params: { path: { userid } } }),
      ),
  });

export const resendCallback = (userid: number, eventId: string) =>
  answerOf<CallbackEvent>(
    api.POST('/api/resellers/{userid}/callbacks/{eventId}/resend', {
      params: { path: { userid, eventId } },
    }),
  );

/** Sets (or, with null, removes) a key's callback URL. */
export const setCallbackUrl = (userid: number, keyId: string, callbackUrl: string | null) =>
  answerOf<unknown>(
    api.PATCH('/api/resellers/{userid}/keys/{keyId}', {
      params: { path: { userid, keyId } },
      body: { callbackUrl },
    }),
  );
