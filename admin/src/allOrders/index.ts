import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';
import type { Order } from '@/types';

export default {
  list: lazy(() => import('@/allOrders/OrderList')),
  icon: ReceiptLongIcon,
  recordRepresentation: (record: Order) => record.orderid,
};
