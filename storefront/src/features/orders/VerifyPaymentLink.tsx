import { Link } from 'react-router';
import type { Order } from '@/api/types';

export function VerifyPaymentLink({ order }: { order: Order }) {
  if (order.status !== 'Created') return null;
  return (
    <Link
      to={`/confirmation?client_txn_id=${encodeURIComponent(order.orderid)}`}
      className="btn btn-primary btn-sm"
    >
      Verify Payment
    </Link>
  );
}
