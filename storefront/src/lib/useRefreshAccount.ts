import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/api/queryKeys';
import { useSession } from '@/auth/SessionContext';

/**
 * Money moved (an order placed or settled, a top-up, a redemption): the signed-in customer's
 * balances, transactions, orders and stats are read again wherever they are on screen, and on
 * their next showing everywhere else.
 */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  const userid = useSession().user?.userid;
  return useCallback(() => {
    if (userid === undefined) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.account(userid) });
  }, [queryClient, userid]);
}
