import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';

export type SavedPlayer = ApiAnswer<'/savedplayers/{userid}', 'get'>[number];

/** The last player id and zone per product, kept by the server when an order is placed. */
export const fetchSavedPlayers = (userid: number) =>
  apiRequest<ApiAnswer<'/savedplayers/{userid}', 'get'>>(`/savedplayers/${userid}`);

export const forgetSavedPlayer = (userid: number, productId: string) =>
  apiRequest<ApiAnswer<'/savedplayers/{userid}/{productId}', 'delete'>>(
    `/savedplayers/${userid}/${encodeURIComponent(productId)}`,
    { method: 'DELETE' },
  );

export const savedPlayersQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.savedPlayers(userid),
    queryFn: () => fetchSavedPlayers(userid),
  });
