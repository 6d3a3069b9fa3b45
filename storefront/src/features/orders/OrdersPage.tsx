import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ordersQuery } from '@/api/order';
import type { Order } from '@/api/types';
import { useSession } from '@/auth/SessionContext';
import { Icon } from '@/components/Icon';
import { StatusMessage } from '@/components/StatusMessage';
import { OrderCards } from './OrderCards';
import { OrderFilters, type StatusFilter } from './OrderFilters';
import { OrderTable } from './OrderTable';
import './orders.css';

const PAGE_SIZE = 50;
type View = 'list' | 'table';

function matches(order: Order, status: StatusFilter, query: string): boolean {
  if (status !== 'All' && order.status !== status) return false;
  if (!query) return true;
  const haystack = [order.orderid, order.itemname, order.productname, order.input1, order.input2]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return haystack.includes(query.toLowerCase());
}

export default function OrdersPage() {
  const { user } = useSession();
  const userid = user?.userid ?? 0;
  const orders = useQuery(ordersQuery(userid));
  const [view, setView] = useState<View>('list');
  const [status, setStatus] = useState<StatusFilter>('All');
  const [query, setQuery] = useState('');
  const [visible, setVisible] = useState(PAGE_SIZE);

  const filtered = useMemo(
    () =>
      Array.isArray(orders.data)
        ? orders.data.filter((order) => matches(order, status, query.trim()))
        : [],
    [orders.data, status, query],
  );

  return (
    <div className="container page orders-page">
      <div className="row-between">
        <h1 className="page-title">My Orders</h1>
        <div className="view-toggle" role="group" aria-label="View">
          <button
            type="button"
            className={`icon-btn${view === 'list' ? ' is-active' : ''}`}
            aria-pressed={view === 'list'}
            aria-label="List view"
            onClick={() => setView('list')}
          >
            <Icon name="list" />
          </button>
          <button
            type="button"
            className={`icon-btn${view === 'table' ? ' is-active' : ''}`}
            aria-pressed={view === 'table'}
            aria-label="Table view"
            onClick={() => setView('table')}
          >
            <Icon name="table" />
          </button>
        </div>
      </div>
      <OrderFilters
        status={status}
        query={query}
        onStatusChange={(value) => {
          setStatus(value);
          setVisible(PAGE_SIZE);
        }}
        onQueryChange={(value) => {
          setQuery(value);
          setVisible(PAGE_SIZE);
        }}
      />
      {orders.isPending && (
        <div className="stack" aria-hidden="true">
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="skeleton order-skeleton" />
          ))}
        </div>
      )}
      {!orders.data && orders.isError && (
        <StatusMessage icon="alert" tone="warning" title="We couldn't load your orders">
          <button type="button" className="btn btn-secondary" onClick={() => void orders.refetch()}>
            Try again
          </button>
        </StatusMessage>
      )}
      {orders.data && filtered.length === 0 && (
        <StatusMessage icon="receipt" title="No orders found matching your criteria." />
      )}
      {filtered.length > 0 &&
        (view === 'list' ? (
          <OrderCards orders={filtered.slice(0, visible)} />
        ) : (
          <OrderTable orders={filtered.slice(0, visible)} />
        ))}
      {filtered.length > visible && (
        <button
          type="button"
          className="btn btn-secondary load-more"
          onClick={() => setVisible((count) => count + PAGE_SIZE)}
        >
          Show more orders
        </button>
      )}
    </div>
  );
}
