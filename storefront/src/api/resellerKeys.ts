import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer, ApiBody } from '@zstore/contract/api';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';

export type ResellerKey = ApiAnswer<'/resellers/{userid}/keys', 'get'>['keys'][number];
export type NewResellerKey = ApiBody<'/resellers/{userid}/keys', 'post'>;
export type CreatedResellerKey = ApiAnswer<'/resellers/{userid}/keys', 'post'>;

/** The reseller's API keys (never their secrets). */
export const resellerKeysQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.resellerKeys(userid),
    queryFn: () =>
      apiRequest<ApiAnswer<'/resellers/{userid}/keys', 'get'>>(`/resellers/${userid}/keys`),
  });

/** Answers the secret, this once. */
export const createResellerKey = (userid: number, key: NewResellerKey) =>
  apiRequest<CreatedResellerKey>(`/resellers/${userid}/keys`, { method: 'POST', body: key });

export const revokeResellerKey = (userid: number, keyId: string) =>
  apiRequest<ResellerKey>(`/resellers/${userid}/keys/${encodeURIComponent(keyId)}`, {
    method: 'DELETE',
  });

/** The wallet statement as CSV text (live Z-Coins or the test balance). */
export const fetchStatement = (userid: number, mode: 'live' | 'test') =>
  apiRequest<string>(`/resellers/${userid}/statement?mode=${mode}`);
