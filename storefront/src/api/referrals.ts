import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';

export type ReferralSummary = ApiAnswer<'/referrals/{userid}', 'get'>;

export const referralSummaryQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.referrals(userid),
    queryFn: () => apiRequest<ReferralSummary>(`/referrals/${userid}`),
  });
