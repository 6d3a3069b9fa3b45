import { queryOptions } from '@tanstack/react-query';
import { answerOf, api } from './client';
import { queryKeys } from './queryKeys';
import type { OrderStats, User } from './types';

export const editProfile = (userid: number, name: string) =>
  answerOf<{ message?: string; user?: User }>(
    api.POST('/api/user/edit-profile', { body: { userid, name } }),
  );

export const fetchOrderStats = (userid: number) =>
  answerOf<OrderStats>(api.GET('/api/user/myorder/{userid}', { params: { path: { userid } } }));

export const orderStatsQuery = (userid: number) =>
  queryOptions({ queryKey: queryKeys.orderStats(userid), queryFn: () => fetchOrderStats(userid) });
