import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { orderStatusColor } from '@/allOrders/orderChoices';
import { VerifyPaymentLink } from '@/common/VerifyPaymentLink';
import type { Order } from '@/types';

/** The status, and the Verify Payment link for an order whose payment is not verified yet. */
export const OrderStatusField = () => {
  const order = useRecordContext<Order>();
  if (!order) return null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color={orderStatusColor(order.status)} label={order.status} />
      {order.status === 'Created' && (
        <VerifyPaymentLink page="/confirmation" clientTxnId={order.orderid} />
      )}
    </Stack>
  );
};
