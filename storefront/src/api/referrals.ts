import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { answerOf, api } from './client';
import { queryKeys } from './queryKeys';

export type ReferralSummary = ApiAnswer<'/referrals/{userid}', 'get'>;

export const referralSummaryQuery = (userid: number) =>
  queryOptions({
    queryKey: queryKeys.referrals(userid),
    queryFn: () =>
      answerOf<ReferralSummary>(
        api.GET('/api/referrals/{userid}', { params: { path: { userid } } }),
      ),
  });
