import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';

export const fetchPointsBalance = (userid: number) =>
  apiRequest<{ balance: number }>(`/points/getbalance/${userid}`);

export const redeemPoints = (value: number, userid: number, idempotencyKey: string) =>
  apiRequest<{ msg?: string; message?: string }>('/points/redeempoints', {
    body: { value, userid },
    idempotencyKey,
  });

export const pointsBalanceQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.pointsBalance(userid),
    queryFn: () => fetchPointsBalance(userid),
  });
