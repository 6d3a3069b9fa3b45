import { Chip } from '@mui/material';
import { StackedField } from '@/common/StackedField';
import type { Order } from '@/types';

/** Marks an order placed through the reseller API: its reference and the key's label. */
export const ApiSourceField = ({ order }: { order: Order }) =>
  order.api ? (
    <StackedField
      first={<Chip size="small" color="info" label={`API · ${order.api.reference}`} />}
      second={order.api.keyLabel}
    />
  ) : (
    <>—</>
  );
