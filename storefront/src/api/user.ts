import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';
import type { OrderStats, User } from './types';

export const editProfile = (userid: number, name: string) =>
  apiRequest<{ message?: string; user?: User }>('/user/edit-profile', {
    body: { userid, name },
  });

export const fetchOrderStats = (userid: number) =>
  apiRequest<OrderStats>(`/user/myorder/${userid}`);

export const orderStatsQuery = (userid: number) =>
  queryOptions({ queryKey: queryKeys.orderStats(userid), queryFn: () => fetchOrderStats(userid) });
