import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { adminCall } from '@/adminApi';

export interface ItemPriceChange {
  _id: string;
  price: number;
  resellPrice: number;
  itemInstock: boolean;
}

export interface ProductStockChange {
  _id: string;
  instock: boolean;
  importantNote: string;
}

/** `POST /api/admin/updateitem/{_id}`; the spec's texts whatever the server answers. */
export const useUpdateItemPrice = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ _id, ...change }: ItemPriceChange) =>
      adminCall(`/updateitem/${encodeURIComponent(_id)}`, { method: 'POST', body: change }),
    onSuccess: () => {
      notify('app.price.price_updated', { type: 'success' });
      refresh();
    },
    onError: () => notify('app.price.price_failed', { type: 'error' }),
  });
};

export const useUpdateProductStock = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: ProductStockChange) =>
      adminCall('/updateproduct', { method: 'POST', body: change }),
    onSuccess: () => {
      notify('app.price.instock_updated', { type: 'success' });
      refresh();
    },
    onError: () => notify('app.price.instock_failed', { type: 'error' }),
  });
};
