import { Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useAdminDataProvider } from '@/dataProvider';
import { SettlePackButton } from '@/pendingOrders/SettlePackButton';
import { orderPacksKey } from '@/pendingOrders/usePendingOrderActions';
import type { Order, OrderPack, PackStatus } from '@/types';

const STATUS_COLOR: Record<PackStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  confirmed: 'success',
  unknown: 'warning',
  failed: 'error',
  sent: 'info',
  reserved: 'default',
};

const PackRow = ({ orderId, pack }: { orderId: string; pack: OrderPack }) => {
  const translate = useTranslate();
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      data-pack={pack.pack}
    >
      <Chip
        size="small"
        color={STATUS_COLOR[pack.status]}
        label={translate('app.pending_orders.pack_label', {
          pack: pack.pack,
          status: pack.status,
        })}
      />
      <Typography variant="caption" color="text.secondary">
        {pack.supplier} · {pack.productRef}
        {pack.supplierReference ? ` · ${pack.supplierReference}` : ''}
        {pack.error ? ` · ${pack.error}` : ''}
      </Typography>
      {pack.status === 'unknown' && (
        <>
          <SettlePackButton orderId={orderId} pack={pack.pack} delivered />
          <SettlePackButton orderId={orderId} pack={pack.pack} delivered={false} />
        </>
      )}
    </Stack>
  );
};

/** An API order's supplier packs, shown while delivery needs the admin or a pack is open. */
export const OrderPacks = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const dataProvider = useAdminDataProvider();
  const packs = useQuery({
    queryKey: orderPacksKey(order._id),
    queryFn: () => dataProvider.orderPacks(order._id),
  });
  const rows: OrderPack[] = Array.isArray(packs.data?.data) ? packs.data.data : [];
  const needsLook =
    order.fulfilmentStatus === 'needs_attention' || rows.some((row) => row.status !== 'confirmed');
  if (!rows.length || !needsLook) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-packs={order.orderid}>
      <Typography variant="subtitle2">{translate('app.pending_orders.packs')}</Typography>
      {rows.map((pack) => (
        <PackRow key={pack.pack} orderId={order._id} pack={pack} />
      ))}
    </Stack>
  );
};
