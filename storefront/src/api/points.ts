import { queryOptions } from '@tanstack/react-query';
import { answerOf, api, idempotent } from './client';
import { queryKeys } from './queryKeys';

export const fetchPointsBalance = (userid: number) =>
  answerOf<{ balance: number }>(
    api.GET('/api/points/getbalance/{userid}', { params: { path: { userid } } }),
  );

export const redeemPoints = (value: number, userid: number, idempotencyKey: string) =>
  answerOf<{ msg?: string; message?: string }>(
    api.POST('/api/points/redeempoints', {
      body: { value, userid },
      ...idempotent(idempotencyKey),
    }),
  );

export const pointsBalanceQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.pointsBalance(userid),
    queryFn: () => fetchPointsBalance(userid),
  });
