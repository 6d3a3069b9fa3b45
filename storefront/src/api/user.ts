import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';
import type { OrderStats, User } from './types';

/** The name, and the GST state and (resellers) GSTIN when given. */
export const editProfile = (
  userid: number,
  name: string,
  tax: { state?: string; gstin?: string | null } = {},
) =>
  apiRequest<{ message?: string; user?: User }>('/user/edit-profile', {
    body: { userid, name, ...tax },
  });

export const fetchOrderStats = (userid: number) =>
  apiRequest<OrderStats>(`/user/myorder/${userid}`);

export const orderStatsQuery = (userid: number) =>
  queryOptions({ queryKey: queryKeys.orderStats(userid), queryFn: () => fetchOrderStats(userid) });
