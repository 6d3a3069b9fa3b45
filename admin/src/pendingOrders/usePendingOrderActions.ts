import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { serverMessage } from '@/adminApi';
import { isSignedOut, useAdminDataProvider } from '@/dataProvider';
import type { AdminAnswer, PendingOrderAction } from '@/types';

export const PENDING_ORDERS_KEY = ['admin', 'processing'];

/** Under PENDING_ORDERS_KEY, so every refresh of the list refreshes the packs too. */
export const orderPacksKey = (id: string) => [...PENDING_ORDERS_KEY, id, 'packs'];

/** The screens an order's move changes: pending orders, the overview, orders, users' wallets. */
const CHANGED_BY_AN_ORDER = [['admin'], ['txn'], ['usersdata'], ['wallettxn']];

const useAfterOrderChange = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return {
    onSuccess: ({ data }: { data: AdminAnswer }) => {
      const message = data?.message ?? 'ra.notification.updated';
      notify(message, { type: 'success', messageArgs: { _: message, smart_count: 1 } });
    },
    onError: (error: unknown) => {
      if (isSignedOut(error)) return;
      const message = serverMessage(error) ?? 'app.error.generic';
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    onSettled: () =>
      Promise.all(
        CHANGED_BY_AN_ORDER.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  };
};

interface UpdateOrderVariables {
  id: string;
  status: PendingOrderAction;
  reason: string;
}

/** Completed / Refund / Cancelled, then the list is fetched again (pessimistic). */
export const useUpdatePendingOrder = () => {
  const dataProvider = useAdminDataProvider();
  return useMutation({
    mutationFn: ({ id, status, reason }: UpdateOrderVariables) =>
      dataProvider.updatePendingOrder({ orderId: id, status, reason }),
    ...useAfterOrderChange(),
  });
};

export const useRetryDelivery = () => {
  const dataProvider = useAdminDataProvider();
  return useMutation({
    mutationFn: (id: string) => dataProvider.retryDelivery(id),
    ...useAfterOrderChange(),
  });
};

interface SettlePackVariables {
  id: string;
  pack: number;
  delivered: boolean;
}

/** The admin's ruling on an `unknown` pack; the card and the list are fetched again. */
export const useSettlePack = () => {
  const dataProvider = useAdminDataProvider();
  return useMutation({
    mutationFn: ({ id, pack, delivered }: SettlePackVariables) =>
      dataProvider.settlePack({ orderId: id, pack, delivered }),
    ...useAfterOrderChange(),
  });
};
