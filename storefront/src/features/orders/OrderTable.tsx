import type { Order } from '@/api/types';
import { StatusPill } from '@/components/StatusPill';
import { compensationLine } from '@/lib/delivery';
import { formatDateTime, formatRupees } from '@/lib/format';
import { BuyAgainLink } from './BuyAgainLink';
import { InvoiceLink } from './InvoiceLink';
import { VerifyPaymentLink } from './VerifyPaymentLink';
import { useTranslation } from 'react-i18next';

export function OrderTable({ orders }: { orders: Order[] }) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap card">
      <table className="order-table">
        <thead>
          <tr>
            <th>{t('orders.orderId')}</th>
            <th>{t('orders.item')}</th>
            <th>{t('orders.uidEmail')}</th>
            <th>{t('orders.price')}</th>
            <th>{t('orders.payment')}</th>
            <th>{t('orders.status')}</th>
            <th>{t('orders.date')}</th>
            <th>
              <span className="sr-only">{t('orders.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td className="mono nowrap">{order.orderid}</td>
              <td>
                {order.itemname}
                {order.productname && <div className="muted cell-sub">{order.productname}</div>}
              </td>
              <td>
                {order.input1}
                {order.input2 && <div className="muted cell-sub">{order.input2}</div>}
              </td>
              <td className="nowrap">{formatRupees(Number(order.value))}</td>
              <td>{order.paymentmode === 'wallet' ? 'Z-Coins' : 'UPI'}</td>
              <td>
                <StatusPill status={order.status} />
                {compensationLine(order) && (
                  <div className="cell-sub order-compensation">{compensationLine(order)}</div>
                )}
              </td>
              <td>{formatDateTime(order.createdAt)}</td>
              <td className="nowrap">
                <VerifyPaymentLink order={order} />
                <InvoiceLink order={order} />
                <BuyAgainLink order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
