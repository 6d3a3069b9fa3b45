import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { answerOf, api } from './client';
import { queryKeys } from './queryKeys';

export type SavedPlayer = ApiAnswer<'/savedplayers/{userid}', 'get'>[number];

/** The last player id and zone per product, kept by the server when an order is placed. */
export const fetchSavedPlayers = (userid: number) =>
  answerOf(api.GET('/api/savedplayers/{userid}', { params: { path: { userid } } }));

export const forgetSavedPlayer = (userid: number, productId: string) =>
  answerOf(
    api.DELETE('/api/savedplayers/{userid}/{productId}', {
      params: { path: { userid: String(userid), productId } },
    }),
  );

export const savedPlayersQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.savedPlayers(userid),
    queryFn: () => fetchSavedPlayers(userid),
  });
