import type { Order } from '@/api/types';
import { StatusPill } from '@/components/StatusPill';
import { compensationLine } from '@/lib/delivery';
import { formatDateTime, formatRupees } from '@/lib/format';
import { BuyAgainLink } from './BuyAgainLink';
import { InvoiceLink } from './InvoiceLink';
import { VerifyPaymentLink } from './VerifyPaymentLink';
import { useTranslation } from 'react-i18next';

export function OrderCards({ orders }: { orders: Order[] }) {
  const { t } = useTranslation();
  return (
    <ul className="order-cards">
      {orders.map((order) => (
        <li key={order._id} className="card order-card">
          <div className="row-between">
            <strong className="order-title">
              {order.productname ? `${order.productname} · ` : ''}
              {order.itemname}
            </strong>
            <StatusPill status={order.status} />
          </div>
          <dl className="order-facts">
            <div>
              <dt>{t('orders.orderId')}</dt>
              <dd>{order.orderid}</dd>
            </div>
            <div>
              <dt>{t('orders.uidEmail')}</dt>
              <dd>
                {order.input1}
                {order.input2 ? ` (${order.input2})` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('orders.payment')}</dt>
              <dd>{order.paymentmode === 'wallet' ? 'Z-Coins' : 'UPI'}</dd>
            </div>
            <div>
              <dt>{t('orders.date')}</dt>
              <dd>{formatDateTime(order.createdAt)}</dd>
            </div>
          </dl>
          {(order.customerReason || order.reason) && order.status !== 'Completed' && (
            <p className="order-reason muted">{order.customerReason || order.reason}</p>
          )}
          {compensationLine(order) && (
            <p className="order-compensation">{compensationLine(order)}</p>
          )}
          <div className="order-card-footer">
            <span className="order-amount">{formatRupees(Number(order.value))}</span>
            <span className="order-card-actions">
              <VerifyPaymentLink order={order} />
              <InvoiceLink order={order} />
              <BuyAgainLink order={order} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
