import { apiRequest } from './client';

export const fetchPointsBalance = (userid: number) =>
  apiRequest<{ balance: number }>(`/points/getbalance/${userid}`);

export const redeemPoints = (value: number, userid: number, idempotencyKey: string) =>
  apiRequest<{ msg?: string; message?: string }>('/points/redeempoints', {
    body: { value, userid },
    idempotencyKey,
  });
