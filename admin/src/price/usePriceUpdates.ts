import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import {
  isSignedOut,
  useAdminDataProvider,
  type ItemPriceChange,
  type ProductStockChange,
} from '@/dataProvider';

/** `POST /api/admin/updateitem/{_id}`; the spec's texts whatever the server answers. */
export const useUpdateItemPrice = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAdminDataProvider();
  return useMutation({
    mutationFn: (change: ItemPriceChange) => dataProvider.updateItemPrice(change),
    onSuccess: () => {
      notify('app.price.price_updated', { type: 'success' });
      refresh();
    },
    onError: (error) => {
      if (!isSignedOut(error)) notify('app.price.price_failed', { type: 'error' });
    },
  });
};

export const useUpdateProductStock = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAdminDataProvider();
  return useMutation({
    mutationFn: (change: ProductStockChange) => dataProvider.updateProductStock(change),
    onSuccess: () => {
      notify('app.price.instock_updated', { type: 'success' });
      refresh();
    },
    onError: (error) => {
      if (!isSignedOut(error)) notify('app.price.instock_failed', { type: 'error' });
    },
  });
};
