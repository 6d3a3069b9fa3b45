import { Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { adminCall } from '@/adminApi';
import { EmptyText, ErrorText, LoadingText } from '@/common/ListStates';
import { PendingOrderCard } from '@/pendingOrders/PendingOrderCard';
import { PENDING_ORDERS_KEY } from '@/pendingOrders/usePendingOrderActions';
import type { Order } from '@/types';

/** `/admin/orders`: orders in Processing, oldest first, each with its admin actions. */
const PendingOrders = () => {
  const translate = useTranslate();
  const orders = useQuery({
    queryKey: PENDING_ORDERS_KEY,
    queryFn: () => adminCall<Order[]>('/processing'),
  });

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={translate('app.menu.pending_orders')} />
      {orders.isPending && <LoadingText />}
      {orders.error && <ErrorText message={orders.error.message} />}
      {orders.data?.length === 0 && <EmptyText message="app.pending_orders.empty" />}
      {orders.data?.map((order) => (
        <PendingOrderCard key={order._id} order={order} />
      ))}
    </Stack>
  );
};

export default PendingOrders;
