import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer, ApiBody } from '@zstore/contract/api';
import { answerOf, api } from './client';
import { queryKeys } from './queryKeys';

export type ResellerKey = ApiAnswer<'/resellers/{userid}/keys', 'get'>['keys'][number];
export type NewResellerKey = ApiBody<'/resellers/{userid}/keys', 'post'>;
export type CreatedResellerKey = ApiAnswer<'/resellers/{userid}/keys', 'post'>;

/** The reseller's API keys (never their secrets). */
export const resellerKeysQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.resellerKeys(userid),
    queryFn: () =>
      answerOf<ApiAnswer<'/resellers/{userid}/keys', 'get'>>(
        api.GET('/api/resellers/{userid}/keys', { params: { path: { userid } } }),
      ),
  });

/** Answers the secret, this once. */
export const createResellerKey = (userid: number, key: NewResellerKey) =>
  answerOf<CreatedResellerKey>(
    api.POST('/api/resellers/{userid}/keys', { params: { path: { userid } }, body: key }),
  );

export const revokeResellerKey = (userid: number, keyId: string) =>
  answerOf<ResellerKey>(
    api.DELETE('/api/resellers/{userid}/keys/{keyId}', {
      params: { path: { userid, keyId } },
    }),
  );

/** The wallet statement as CSV text (live Z-Coins or the test balance). */
export const fetchStatement = (userid: number, mode: 'live' | 'test') =>
  answerOf<string>(
    api.GET('/api/resellers/{userid}/statement', {
      params: { path: { userid }, query: { mode } },
      parseAs: 'text',
    }),
  );
