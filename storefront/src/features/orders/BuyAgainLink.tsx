import { Link } from 'react-router';
import type { Order } from '@/api/types';
import { draftUrl } from '@/features/product/purchaseDraft';

/** The order's product page with the same pack and player filled in. */
export function BuyAgainLink({ order }: { order: Order }) {
  if (!order.productId) return null;
  const to = draftUrl(order.productId, {
    itemId: order.itemId,
    input1: order.input1,
    input2: order.input2 ?? '',
  });
  return (
    <Link to={to} className="btn btn-secondary btn-sm">
      Buy again
    </Link>
  );
}
