import { Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { EmptyText, ErrorText, LoadingText } from '@/common/ListStates';
import { useAdminDataProvider } from '@/dataProvider';
import { PendingOrderCard } from '@/pendingOrders/PendingOrderCard';
import { PENDING_ORDERS_KEY } from '@/pendingOrders/usePendingOrderActions';

/** `/admin/orders`: orders in Processing, oldest first, each with its admin actions. */
const PendingOrders = () => {
  const translate = useTranslate();
  const dataProvider = useAdminDataProvider();
  const orders = useQuery({
    queryKey: PENDING_ORDERS_KEY,
    queryFn: () => dataProvider.pendingOrders(),
  });
  // A signed-out admin's call answers `{}` while the console goes to the login page.
  const rows = Array.isArray(orders.data?.data) ? orders.data.data : undefined;

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={translate('app.menu.pending_orders')} />
      {orders.isPending && <LoadingText />}
      {orders.error && <ErrorText message={orders.error.message} />}
      {rows?.length === 0 && <EmptyText message="app.pending_orders.empty" />}
      {rows?.map((order) => (
        <PendingOrderCard key={order._id} order={order} />
      ))}
    </Stack>
  );
};

export default PendingOrders;
