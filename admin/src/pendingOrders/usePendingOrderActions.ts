import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { adminCall, serverMessage } from '@/adminApi';

export const PENDING_ORDERS_KEY = ['admin', 'processing'];

/** Under PENDING_ORDERS_KEY, so every refresh of the list refreshes the packs too. */
export const orderPacksKey = (id: string) => [...PENDING_ORDERS_KEY, id, 'packs'];

export type PendingOrderAction = 'Completed' | 'Refund' | 'Cancelled';

interface UpdateOrderVariables {
  id: string;
  status: PendingOrderAction;
  reason: string;
}

const updateOrderPath = ({ id, status, reason }: UpdateOrderVariables) => {
  const base = `/updateorder/${encodeURIComponent(id)}/${status}`;
  const trimmed = reason.trim();
  return trimmed ? `${base}/${encodeURIComponent(trimmed)}` : base;
};

const notifyServerAnswer = (notify: ReturnType<typeof useNotify>) => ({
  onSuccess: (answer: { message?: string }) => {
    const message = answer?.message ?? 'ra.notification.updated';
    notify(message, { type: 'success', messageArgs: { _: message, smart_count: 1 } });
  },
  onError: (error: unknown) => {
    const message = serverMessage(error) ?? 'app.error.generic';
    notify(message, { type: 'error', messageArgs: { _: message } });
  },
});

/** Completed / Refund / Cancelled, then the list is fetched again (pessimistic). */
export const useUpdatePendingOrder = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { onSuccess, onError } = notifyServerAnswer(notify);
  return useMutation({
    mutationFn: (variables: UpdateOrderVariables) =>
      adminCall<{ message?: string }>(updateOrderPath(variables)),
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PENDING_ORDERS_KEY }),
  });
};

export const useRetryDelivery = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { onSuccess, onError } = notifyServerAnswer(notify);
  return useMutation({
    mutationFn: (id: string) =>
      adminCall<{ message?: string }>(`/orders/${encodeURIComponent(id)}/retry-delivery`, {
        method: 'POST',
        body: {},
      }),
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PENDING_ORDERS_KEY }),
  });
};

interface SettlePackVariables {
  id: string;
  pack: number;
  delivered: boolean;
}

/** The admin's ruling on an `unknown` pack; the card and the list are fetched again. */
export const useSettlePack = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { onSuccess, onError } = notifyServerAnswer(notify);
  return useMutation({
    mutationFn: ({ id, pack, delivered }: SettlePackVariables) =>
      adminCall<{ message?: string }>(`/orders/${encodeURIComponent(id)}/settle-pack`, {
        method: 'POST',
        body: { pack, delivered },
      }),
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PENDING_ORDERS_KEY }),
  });
};
