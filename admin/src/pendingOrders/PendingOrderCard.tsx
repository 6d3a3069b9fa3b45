import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Grid,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { formatDateTime } from '@zstore/contract/display-dates';
import { formatRupees } from '@/common/money';
import { OrderPacks } from '@/pendingOrders/OrderPacks';
import { useRetryDelivery, useUpdatePendingOrder } from '@/pendingOrders/usePendingOrderActions';
import { ApiSourceField } from '@/resellers/ApiSourceField';
import type { Order, PendingOrderAction } from '@/types';

const ACTIONS: { status: PendingOrderAction; color: 'success' | 'warning' | 'error' }[] = [
  { status: 'Completed', color: 'success' },
  { status: 'Refund', color: 'warning' },
  { status: 'Cancelled', color: 'error' },
];

/** Refund and Cancel settle the order's money for good: the admin confirms them first. */
const CONFIRMED: PendingOrderAction[] = ['Refund', 'Cancelled'];

const Detail = ({ label, value }: { label: string; value: string }) => (
  <Grid size={{ xs: 12, sm: 6, md: 4 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
      {value || '—'}
    </Typography>
  </Grid>
);

export const PendingOrderCard = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<PendingOrderAction | null>(null);
  const updateOrder = useUpdatePendingOrder();
  const retryDelivery = useRetryDelivery();
  const busy = updateOrder.isPending || retryDelivery.isPending;
  const field = (name: string) => translate(`resources.txn.fields.${name}`);
  const update = (status: PendingOrderAction) =>
    updateOrder.mutate({ id: order._id, status, reason }, { onSettled: () => setConfirming(null) });
  const confirmText = (part: 'title' | 'content' | 'button') =>
    translate(`app.pending_orders.confirm_${confirming}_${part}`, {
      orderid: order.orderid,
      amount: formatRupees(order.value),
      email: order.useremail,
    });

  return (
    <Card data-order={order.orderid}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {order.productname} · {order.itemname}
          </Typography>
          <Chip size="small" color="warning" label={order.status} />
          {order.fulfilmentStatus && (
            <Chip
              size="small"
              variant="outlined"
              color={order.fulfilmentStatus === 'needs_attention' ? 'error' : 'default'}
              label={`${field('fulfilmentStatus')}: ${order.fulfilmentStatus}`}
            />
          )}
          {order.api && <ApiSourceField order={order} />}
        </Stack>
        {order.attention && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {order.attention}
          </Alert>
        )}
        <Grid container spacing={1}>
          <Detail label={field('orderid')} value={order.orderid} />
          <Detail label={field('input1')} value={order.input1} />
          <Detail label={field('input2')} value={order.input2 ?? ''} />
          <Detail label={field('value')} value={formatRupees(order.value)} />
          <Detail label={field('useremail')} value={order.useremail} />
          <Detail label={field('paymentmode')} value={order.paymentmode} />
          <Detail label={field('createdAt')} value={formatDateTime(order.createdAt)} />
          {order.reason && <Detail label={field('reason')} value={order.reason} />}
        </Grid>
        {order.isApi && <OrderPacks order={order} />}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <TextField
          size="small"
          label={translate('app.pending_orders.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          sx={{ flex: '1 1 220px' }}
        />
        {ACTIONS.map(({ status, color }) => (
          <Button
            key={status}
            variant="contained"
            color={color}
            disabled={busy}
            onClick={() => (CONFIRMED.includes(status) ? setConfirming(status) : update(status))}
          >
            {translate(`app.pending_orders.${status}`)}
          </Button>
        ))}
        {order.fulfilmentStatus === 'needs_attention' && (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => retryDelivery.mutate(order._id)}
          >
            {translate('app.pending_orders.retry_delivery')}
          </Button>
        )}
      </CardActions>
      <Confirm
        isOpen={confirming !== null}
        loading={updateOrder.isPending}
        title={confirming ? confirmText('title') : ''}
        content={confirming ? confirmText('content') : ''}
        confirm={confirming ? confirmText('button') : undefined}
        cancel="app.pending_orders.keep_order"
        confirmColor="warning"
        onConfirm={() => confirming && update(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
};
