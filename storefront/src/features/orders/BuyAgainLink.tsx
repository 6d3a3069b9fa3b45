import { Link } from 'react-router';
import type { Order } from '@/api/types';
import { draftUrl } from '@/features/product/purchaseDraft';
import { useTranslation } from 'react-i18next';

/** The order's product page with the same pack and player filled in. */
export function BuyAgainLink({ order }: { order: Order }) {
  const { t } = useTranslation();
  if (!order.productId) return null;
  const to = draftUrl(order.productId, {
    itemId: order.itemId,
    input1: order.input1,
    input2: order.input2 ?? '',
  });
  return (
    <Link to={to} className="btn btn-secondary btn-sm">
      {t('orders.buyAgain')}
    </Link>
  );
}
