import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { OrderStatusField } from '@/allOrders/OrderStatusField';
import { EmptyText } from '@/common/ListStates';
import { formatDateTime } from '@zstore/contract/display-dates';
import { formatRupees } from '@/common/money';
import { ApiSourceField } from '@/resellers/ApiSourceField';
import type { Order } from '@/types';

const OrderCard = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.txn.fields.${name}`);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1, gap: 1 }}>
          <div>
            <Typography variant="subtitle1">{order.productname}</Typography>
            <Typography variant="body2" color="text.secondary">
              {order.itemname}
            </Typography>
          </div>
          <RecordContextProvider value={order}>
            <OrderStatusField />
          </RecordContextProvider>
        </Stack>
        <Typography variant="h6" component="p">
          {formatRupees(order.value)}
        </Typography>
        {order.api && <ApiSourceField order={order} />}
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {field('orderid')}: {order.orderid}
        </Typography>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {field('transactionid')}: {order.transactionid ?? '—'}
        </Typography>
        <Typography variant="body2">
          {field('input1')}: {order.input1}
          {order.input2 ? ` · ${field('input2')}: ${order.input2}` : ''}
        </Typography>
        <Typography variant="body2">
          {order.useremail} · {order.paymentmode}
          {order.guest ? ` · ${translate('resources.txn.guest')}` : ''}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {field('updatedAt')}: {formatDateTime(order.updatedAt)}
        </Typography>
      </CardContent>
    </Card>
  );
};

/** The "list" view of All Orders: one card per order. */
export const OrderCards = () => {
  const { data } = useListContext<Order>();
  if (data?.length === 0) return <EmptyText message="resources.txn.empty" />;
  return (
    <Grid container spacing={2} sx={{ p: 2 }}>
      {data?.map((order) => (
        <Grid key={order.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <OrderCard order={order} />
        </Grid>
      ))}
    </Grid>
  );
};
