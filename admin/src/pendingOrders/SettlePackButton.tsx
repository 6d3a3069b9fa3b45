import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useSettlePack } from '@/pendingOrders/usePendingOrderActions';

interface SettlePackButtonProps {
  orderId: string;
  pack: number;
  delivered: boolean;
}

/** "Mark delivered" / "Mark not delivered" for an unknown pack, after a confirmation. */
export const SettlePackButton = ({ orderId, pack, delivered }: SettlePackButtonProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const settlePack = useSettlePack();
  const ruling = delivered ? 'delivered' : 'not_delivered';

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color={delivered ? 'success' : 'error'}
        disabled={settlePack.isPending}
        onClick={() => setOpen(true)}
      >
        {translate(`app.pending_orders.mark_${ruling}`)}
      </Button>
      <Confirm
        isOpen={open}
        loading={settlePack.isPending}
        title={translate('app.pending_orders.settle_title', { pack })}
        content={translate(`app.pending_orders.confirm_${ruling}`, { pack })}
        onConfirm={() =>
          settlePack.mutate({ id: orderId, pack, delivered }, { onSettled: () => setOpen(false) })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
};
