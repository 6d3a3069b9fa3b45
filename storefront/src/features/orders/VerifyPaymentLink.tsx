import { Link } from 'react-router';
import type { Order } from '@/api/types';
import { useTranslation } from 'react-i18next';

export function VerifyPaymentLink({ order }: { order: Order }) {
  const { t } = useTranslation();
  if (order.status !== 'Created') return null;
  return (
    <Link
      to={`/confirmation?client_txn_id=${encodeURIComponent(order.orderid)}`}
      className="btn btn-primary btn-sm"
    >
      {t('orders.verifyPayment')}
    </Link>
  );
}
