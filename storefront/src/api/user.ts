import type { ApiBody } from '@zstore/contract/api';
import { queryOptions } from '@tanstack/react-query';
import { answerOf, api } from './client';
import { queryKeys } from './queryKeys';
import type { OrderStats, User } from './types';

/** The name, and the GST state and (resellers) GSTIN when given. */
export const editProfile = (
  userid: number,
  name: string,
  tax: Pick<ApiBody<'/user/edit-profile', 'post'>, 'state' | 'gstin'> = {},
) =>
  answerOf<{ message?: string; user?: User }>(
    api.POST('/api/user/edit-profile', { body: { userid, name, ...tax } }),
  );

export const fetchOrderStats = (userid: number) =>
  answerOf<OrderStats>(api.GET('/api/user/myorder/{userid}', { params: { path: { userid } } }));

export const orderStatsQuery = (userid: number) =>
  queryOptions({ queryKey: queryKeys.orderStats(userid), queryFn: () => fetchOrderStats(userid) });
