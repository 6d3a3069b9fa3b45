import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ordersQuery } from '@/api/order';
import { joinPages, LIST_PAGE_SIZE } from '@/api/paging';
import type { Order } from '@/api/types';
import { useSession } from '@/auth/SessionContext';
import { Icon } from '@/components/Icon';
import { StatusMessage } from '@/components/StatusMessage';
import { downloadInvoice } from './InvoiceLink';
import { OrderCards } from './OrderCards';
import { OrderFilters, type StatusFilter } from './OrderFilters';
import { OrderTable } from './OrderTable';
import './orders.css';
import { useTranslation } from 'react-i18next';

const PAGE_SIZE = LIST_PAGE_SIZE;
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
  const orders = useInfiniteQuery(ordersQuery(userid));
  const [view, setView] = useState<View>('list');
  const [status, setStatus] = useState<StatusFilter>('All');
  const [query, setQuery] = useState('');
  const { t } = useTranslation();
  const [visible, setVisible] = useState(PAGE_SIZE);
  // The receipt e-mail links here with `?invoice=<orderid>`: the invoice downloads once.
  const [params] = useSearchParams();
  const invoiceFor = params.get('invoice');
  const invoiceAsked = useRef(false);
  useEffect(() => {
    if (!invoiceFor || invoiceAsked.current) return;
    invoiceAsked.current = true;
    downloadInvoice(invoiceFor).catch(() => undefined);
  }, [invoiceFor]);

  const loaded = useMemo(
    () => joinPages<Order>(orders.data?.pages, (order) => order._id),
    [orders.data],
  );
  const filtered = useMemo(
    () => loaded.filter((order) => matches(order, status, query.trim())),
    [loaded, status, query],
  );
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = orders;
  // The filters work over what is loaded, so older pages are read until the view is full
  // (or the history ends): a filter finds an order however far back it is.
  const wantsOlder = filtered.length < visible && hasNextPage;
  useEffect(() => {
    if (wantsOlder && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [wantsOlder, isFetching, isFetchNextPageError, fetchNextPage]);

  return (
    <div className="container page orders-page">
      <div className="row-between">
        <h1 className="page-title">{t('orders.title')}</h1>
        <div className="view-toggle" role="group" aria-label={t('orders.view')}>
          <button
            type="button"
            className={`icon-btn${view === 'list' ? ' is-active' : ''}`}
            aria-pressed={view === 'list'}
            aria-label={t('orders.listView')}
            onClick={() => setView('list')}
          >
            <Icon name="list" />
          </button>
          <button
            type="button"
            className={`icon-btn${view === 'table' ? ' is-active' : ''}`}
            aria-pressed={view === 'table'}
            aria-label={t('orders.tableView')}
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
        <StatusMessage icon="alert" tone="warning" title={t('orders.loadFailed')}>
          <button type="button" className="btn btn-secondary" onClick={() => void orders.refetch()}>
            {t('orders.tryAgain')}
          </button>
        </StatusMessage>
      )}
      {orders.data && filtered.length === 0 && !wantsOlder && (
        <StatusMessage icon="receipt" title={t('orders.noneFound')} />
      )}
      {filtered.length > 0 &&
        (view === 'list' ? (
          <OrderCards orders={filtered.slice(0, visible)} />
        ) : (
          <OrderTable orders={filtered.slice(0, visible)} />
        ))}
      {wantsOlder && !isFetchNextPageError && (
        <p className="muted load-more" role="status">
          {t('orders.loadingOlder')}
        </p>
      )}
      {isFetchNextPageError && wantsOlder && (
        <StatusMessage icon="alert" tone="warning" title={t('orders.olderFailed')}>
          <button type="button" className="btn btn-secondary" onClick={() => void fetchNextPage()}>
            {t('orders.tryAgain')}
          </button>
        </StatusMessage>
      )}
      {!wantsOlder && (filtered.length > visible || hasNextPage) && (
        <button
          type="button"
          className="btn btn-secondary load-more"
          onClick={() => setVisible((count) => count + PAGE_SIZE)}
        >
          {t('orders.showMore')}
        </button>
      )}
    </div>
  );
}
