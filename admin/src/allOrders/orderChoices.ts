import { ORDER_STATUSES } from '@zstore/contract/statuses';
import type { OrderStatus } from '@/types';

export { ORDER_STATUSES };

export const orderStatusChoices = ORDER_STATUSES.map((status) => ({ id: status, name: status }));

export const paymentModeChoices = [
  { id: 'upi', name: 'UPI' },
  { id: 'wallet', name: 'Wallet' },
];

export const orderStatusColor = (
  status: OrderStatus,
): 'default' | 'success' | 'warning' | 'error' | 'info' => {
  switch (status) {
    case 'Completed':
      return 'success';
    case 'Processing':
      return 'warning';
    case 'Refunded':
      return 'info';
    case 'Failed':
    case 'Cancelled':
      return 'error';
    case 'Created':
      return 'default';
  }
};
