import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ApiError, downloadFile } from '@/api/client';
import { guestOrderQuery } from '@/api/order';
import type { Order } from '@/api/types';
import { StatusMessage } from '@/components/StatusMessage';
import { UpiPaySheet } from '@/features/upi/UpiPaySheet';
import { paymentOfOrder, type UpiPayment } from '@/features/upi/upiPayment';
import { formatRupees } from '@/lib/format';
import { guestMobileOf, rememberGuestOrder } from './guestOrders';
import '../confirmation/confirmation.css';
import './guest.css';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { failureText } from '@/i18n/errors';
import { StatusWord } from '@/components/StatusPill';

const REFRESH_MS = 5000;
const MOBILE = /^[6-9]\d{9}$/;
const PAID = ['Processing', 'Completed', 'Refunded'];

function statusClass(status: string): string {
  if (status === 'Processing') return 'status-processing';
  if (status === 'Completed') return 'status-completed';
  return 'status-failed';
}

/** What a guest reads about their order's state, in plain words. */
function statusNote(order: Order): string | null {
  switch (order.status) {
    case 'Created':
      return i18n.t('guest.noteCreated');
    case 'Processing':
      return i18n.t('guest.noteProcessing');
    case 'Completed':
      return i18n.t('guest.noteCompleted');
    case 'Refunded':
      return i18n.t('guest.noteRefunded');
    case 'Failed':
    case 'Cancelled':
      return order.customerReason ?? null;
  }
}

function GuestOrderDetails({ order, mobile }: { order: Order; mobile: string }) {
  const [paying, setPaying] = useState<UpiPayment | null>(null);
  const [downloading, setDownloading] = useState(false);
  const payment = paymentOfOrder(order);
  const note = statusNote(order);
  const { t } = useTranslation();
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile('/order/guest/invoice', `invoice-${order.orderid}.pdf`, {
        orderid: order.orderid,
        mobile,
      });
    } catch (failure) {
      toast.error(failureText(failure, t('messages.internal')));
    } finally {
      setDownloading(false);
    }
  };
  const rows: [string, string][] = [
    [t('guest.orderId'), order.orderid],
    [t('guest.item'), order.itemname],
    [t('guest.paymentMode'), 'UPI'],
    [t('guest.uidEmail'), order.input1],
    [t('guest.price'), formatRupees(Number(order.value))],
    [t('guest.receiptTo'), order.useremail],
  ];
  return (
    <div className="card confirmation-card">
      <div className={`confirmation-status ${statusClass(order.status)}`}>
        <span className="confirmation-label">{t('guest.status')}</span>
        <strong>
          <StatusWord status={order.status} />
        </strong>
      </div>
      {note && <p className="confirmation-note">{note}</p>}
      <dl className="detail-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {payment && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => setPaying({ ...payment, guestMobile: mobile })}
        >
          {t('guest.payAgain')}
        </button>
      )}
      {PAID.includes(order.status) && (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          onClick={() => void download()}
          disabled={downloading}
        >
          {downloading ? t('guest.downloading') : t('guest.downloadInvoice')}
        </button>
      )}
      <div className="action-pair">
        <Link to="/home" className="btn btn-secondary">
          {t('guest.returnHome')}
        </Link>
        <Link to="/register" className="btn btn-primary">
          {t('guest.signUp')}
        </Link>
      </div>
      {paying && (
        <UpiPaySheet
          payment={paying}
          onClose={() => setPaying(null)}
          onSettled={() => setPaying(null)}
        />
      )}
    </div>
  );
}

function GuestOrderStatus({
  orderid,
  mobile,
  onRetry,
}: {
  orderid: string;
  mobile: string;
  onRetry: () => void;
}) {
  const lookup = useQuery({
    ...guestOrderQuery(orderid, mobile),
    refetchInterval: (query) =>
      ['Created', 'Processing'].includes(query.state.data?.order.status ?? '') ? REFRESH_MS : false,
  });
  const found = !!lookup.data;
  const { t } = useTranslation();
  // Found: this device shows it again without asking (the confirmation page, a reload).
  useEffect(() => {
    if (found) rememberGuestOrder(orderid, mobile);
  }, [found, orderid, mobile]);
  if (lookup.data) return <GuestOrderDetails order={lookup.data.order} mobile={mobile} />;
  if (lookup.error) {
    const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;
    return (
      <div className="card">
        <StatusMessage
          icon="alert"
          tone="danger"
          title={notFound ? t('guest.orderNotFound') : t('guest.couldNotCheck')}
        >
          <p className="muted">
            {notFound ? t('guest.checkIdMobile') : t('guest.checkConnection')}
          </p>
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('guest.tryAgain')}
          </button>
        </StatusMessage>
      </div>
    );
  }
  return (
    <div className="card">
      <div className="notice">
        <span className="spinner" />
        <h1 className="notice-title">{t('guest.confirming')}</h1>
      </div>
    </div>
  );
}

/**
 * A guest's order: the confirmation after paying (the mobile kept on this device), or found
 * again with the order ID and the mobile it was placed with (the receipt's link).
 */
export default function GuestOrderPage() {
  const [searchParams] = useSearchParams();
  const fromLink = searchParams.get('orderid') ?? searchParams.get('client_txn_id') ?? '';
  const [orderid, setOrderid] = useState(fromLink);
  const [mobile, setMobile] = useState('');
  const [asked, setAsked] = useState<{ orderid: string; mobile: string } | null>(() => {
    const known = fromLink ? guestMobileOf(fromLink) : undefined;
    return known ? { orderid: fromLink, mobile: known } : null;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useTranslation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = orderid.trim().toUpperCase();
    if (!id) return setProblem(t('guest.enterOrderId'));
    if (!MOBILE.test(mobile)) return setProblem(t('messages.invalidMobile'));
    setProblem(null);
    setAsked({ orderid: id, mobile });
  };

  return (
    <div className="container page page-narrow">
      <h1 className="page-title">{asked ? t('guest.summary') : t('guest.find')}</h1>
      {asked ? (
        <GuestOrderStatus
          key={`${asked.orderid}:${asked.mobile}`}
          {...asked}
          onRetry={() => setAsked(null)}
        />
      ) : (
        <form className="card guest-lookup" onSubmit={submit} noValidate>
          <p className="muted">{t('guest.lookupIntro')}</p>
          <div className="field">
            <label className="field-label" htmlFor="lookup-orderid">
              {t('guest.orderId')}
            </label>
            <input
              id="lookup-orderid"
              className="input"
              value={orderid}
              maxLength={16}
              autoComplete="off"
              onChange={(event) => setOrderid(event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="lookup-mobile">
              {t('guest.mobile')}
            </label>
            <input
              id="lookup-mobile"
              className="input"
              type="tel"
              inputMode="numeric"
              maxLength={10}
              value={mobile}
              onChange={(event) => setMobile(event.target.value.replace(/\D/g, ''))}
            />
          </div>
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block">
            {t('guest.showOrder')}
          </button>
        </form>
      )}
    </div>
  );
}
