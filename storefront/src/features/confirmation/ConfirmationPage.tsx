import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { orderStatusQuery } from '@/api/order';
import type { Order } from '@/api/types';
import { setReturnTo } from '@/auth/returnTo';
import { useSession } from '@/auth/SessionContext';
import { StatusMessage } from '@/components/StatusMessage';
import GuestOrderPage from '@/features/guest/GuestOrderPage';
import { guestMobileOf } from '@/features/guest/guestOrders';
import { draftUrl } from '@/features/product/purchaseDraft';
import { UpiPaySheet } from '@/features/upi/UpiPaySheet';
import { paymentOfOrder, type UpiPayment } from '@/features/upi/upiPayment';
import { compensationLine, deliveryDueAt, deliveryWindow } from '@/lib/delivery';
import { formatRupees } from '@/lib/format';
import { orderSupportChatLink, orderSupportMailLink } from '@/lib/support';
import { useRefreshAccount } from '@/lib/useRefreshAccount';
import './confirmation.css';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { failureText } from '@/i18n/errors';
import { StatusWord } from '@/components/StatusPill';

const REFRESH_MS = 5000;
const LIVE_STATUSES = ['Created', 'Processing'];

const isLive = (status: string | undefined) => !!status && LIVE_STATUSES.includes(status);

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; order: Order }
  | { status: 'error'; notFound: boolean; message?: string };

function statusClass(status: string): string {
  if (status === 'Processing') return 'status-processing';
  if (status === 'Completed') return 'status-completed';
  return 'status-failed';
}

/**
 * An unpaid UPI order: the same payment (app links, QR) while the gateway order lives, never a
 * second one; once it failed or expired, a new order with the same pack and player.
 */
function PayAgain({ order }: { order: Order }) {
  // Kept as opened: the sheet shows the payment land before this page does.
  const [paying, setPaying] = useState<UpiPayment | null>(null);
  const { t } = useTranslation();
  const close = () => setPaying(null);
  if (paying) return <UpiPaySheet payment={paying} onClose={close} onSettled={close} />;
  if (order.paymentmode !== 'upi') return null;
  const payment = paymentOfOrder(order);
  if (payment) {
    return (
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={() => setPaying(payment)}
      >
        {t('confirmation.payAgain')}
      </button>
    );
  }
  if (order.status !== 'Failed' || !order.productId) return null;
  const to = draftUrl(order.productId, {
    itemId: order.itemId,
    input1: order.input1,
    input2: order.input2 ?? '',
  });
  return (
    <Link to={to} className="btn btn-primary btn-block">
      {t('confirmation.payAgain')}
    </Link>
  );
}

/** The time now, updated every `everyMs` while `running`: a promise kept on screen can expire. */
function useNow(everyMs: number, running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, running]);
  return now;
}

/** A paid order past its delivery promise: what is going on, the money, and who to ask. */
function LateDelivery({ order }: { order: Order }) {
  const { t } = useTranslation();
  const promise = order.promiseMinutes
    ? t('confirmation.minutes', { count: order.promiseMinutes })
    : deliveryWindow(!!order.isApi);
  const compensated = compensationLine(order);
  return (
    <div className="confirmation-note confirmation-late" role="status">
      <h2>{t('confirmation.takingLonger')}</h2>
      <p>{t('confirmation.lateText', { promise })}</p>
      {compensated && <p className="confirmation-compensation">{compensated}</p>}
      <p>{t('confirmation.contactWithId', { orderid: order.orderid })}</p>
      <div className="row">
        <a
          className="btn btn-primary btn-sm"
          href={orderSupportChatLink(order.orderid)}
          target="_blank"
          rel="noreferrer"
        >
          {t('confirmation.chat')}
        </a>
        <a className="btn btn-secondary btn-sm" href={orderSupportMailLink(order.orderid)}>
          {t('confirmation.mail')}
        </a>
      </div>
    </div>
  );
}

function OrderDetails({
  order,
  checking,
  onCheck,
}: {
  order: Order;
  checking: boolean;
  onCheck: () => void;
}) {
  // Supplier-delivered orders keep a zone or server in the second field; the others a name.
  const secondIsName = !order.isApi;
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('confirmation.orderId'), order.orderid],
    [t('confirmation.item'), order.itemname],
    [t('confirmation.paymentMode'), order.paymentmode === 'wallet' ? 'Z-Coins' : 'UPI'],
    [t('confirmation.uidEmail'), order.input1],
    [t('confirmation.username'), order.username || (secondIsName && order.input2) || '-'],
    ...(!secondIsName && order.input2
      ? [[t('confirmation.zoneServer'), order.input2] as [string, string]]
      : []),
    [t('confirmation.price'), formatRupees(Number(order.value))],
  ];
  const why = order.customerReason || order.reason;
  const processing = order.status === 'Processing';
  const now = useNow(15_000, processing);
  const late = processing && now > deliveryDueAt(order);
  return (
    <div className="card confirmation-card">
      <div className={`confirmation-status ${statusClass(order.status)}`}>
        <span className="confirmation-label">{t('confirmation.status')}</span>
        <strong>
          <StatusWord status={order.status} />
        </strong>
      </div>
      {late && <LateDelivery order={order} />}
      {processing && !late && (
        <p className="confirmation-note">
          {t('confirmation.confirmedWithin', { window: deliveryWindow(!!order.isApi) })}
        </p>
      )}
      {order.status === 'Created' && (
        <div className="confirmation-note confirmation-note-muted">
          <p>{t('confirmation.notReceived')}</p>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={onCheck}
            disabled={checking}
          >
            {checking ? t('confirmation.checking') : t('confirmation.verifyPayment')}
          </button>
        </div>
      )}
      {why && order.status !== 'Processing' && (
        <p className="confirmation-note confirmation-note-muted">{why}</p>
      )}
      {order.status !== 'Processing' && compensationLine(order) && (
        <p className="confirmation-note confirmation-compensation">{compensationLine(order)}</p>
      )}
      <dl className="detail-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <PayAgain order={order} />
      <div className="action-pair">
        <Link to="/home" className="btn btn-secondary">
          {t('confirmation.returnHome')}
        </Link>
        <Link to="/orders" className="btn btn-primary">
          {t('confirmation.viewOrder')}
        </Link>
      </div>
    </div>
  );
}

/** Signed out (another device, an expired session): sign in and come back to this order. */
function SignInToSee() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const logIn = () => {
    setReturnTo(`${pathname}${search}`);
    void navigate('/login');
  };
  return (
    <div className="container page page-narrow">
      <div className="card">
        <StatusMessage icon="login" title={t('confirmation.signInToSee')}>
          <p className="muted">{t('confirmation.keptInAccount')}</p>
          <button type="button" className="btn btn-primary" onClick={logIn}>
            {t('confirmation.login')}
          </button>
          <Link to={`/order-lookup${search}`} className="btn btn-ghost btn-sm">
            {t('confirmation.orderedWithout')}
          </Link>
        </StatusMessage>
      </div>
    </div>
  );
}

/** A failed check after the order was shown keeps it on screen; the next check may succeed. */
function loadState(
  clientTxnId: string,
  answer: { order?: Order } | undefined,
  failure: unknown,
): LoadState {
  if (!clientTxnId) return { status: 'error', notFound: true };
  if (answer?.order) return { status: 'ready', order: answer.order };
  if (answer) return { status: 'error', notFound: true };
  if (failure) {
    return {
      status: 'error',
      notFound: failure instanceof ApiError && failure.status === 404,
      message:
        failure instanceof ApiError && !failure.isNetworkError
          ? failureText(failure, i18n.t('confirmation.couldNotCheck'))
          : undefined,
    };
  }
  return { status: 'loading' };
}

export default function ConfirmationPage() {
  const { isLoggedIn } = useSession();
  const [searchParams] = useSearchParams();
  // A guest's order, paid on this device: the guest look-up shows it.
  if (!isLoggedIn && guestMobileOf(searchParams.get('client_txn_id') ?? '')) {
    return <GuestOrderPage />;
  }
  if (!isLoggedIn) return <SignInToSee />;
  return <OrderConfirmation />;
}

function OrderConfirmation() {
  const [searchParams] = useSearchParams();
  const clientTxnId = searchParams.get('client_txn_id') ?? '';
  const refreshAccount = useRefreshAccount();
  // Checked again every few seconds while the order is unpaid or being delivered.
  const lookup = useQuery({
    ...orderStatusQuery(clientTxnId),
    enabled: !!clientTxnId,
    refetchInterval: (query) => (isLive(query.state.data?.order?.status) ? REFRESH_MS : false),
  });
  const state = loadState(clientTxnId, lookup.data, lookup.error);
  const { t } = useTranslation();
  const finalStatus =
    state.status === 'ready' && !isLive(state.order.status) ? state.order.status : null;

  // The order settled: its debit, refund or reward points show in every balance.
  useEffect(() => {
    if (finalStatus) refreshAccount();
  }, [finalStatus, refreshAccount]);

  return (
    <div className="container page page-narrow">
      {state.status === 'loading' && (
        <div className="card">
          <div className="notice">
            <span className="spinner" />
            <h1 className="notice-title">{t('confirmation.confirming')}</h1>
            <p className="muted">{t('confirmation.doNotRefresh')}</p>
          </div>
        </div>
      )}
      {state.status === 'error' && (
        <div className="card">
          <StatusMessage
            icon="alert"
            tone="danger"
            title={state.notFound ? t('confirmation.notFound') : t('confirmation.couldNotCheck')}
          >
            <p className="muted">
              {state.message ??
                (state.notFound ? t('confirmation.noMatch') : t('confirmation.checkConnection'))}
            </p>
            <div className="row">
              <Link to="/home" className="btn btn-secondary">
                {t('confirmation.returnHome')}
              </Link>
              <Link to="/orders" className="btn btn-primary">
                {t('confirmation.viewOrder')}
              </Link>
            </div>
          </StatusMessage>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <h1 className="page-title">{t('confirmation.summary')}</h1>
          <OrderDetails
            order={state.order}
            checking={lookup.isFetching}
            onCheck={() => void lookup.refetch()}
          />
        </>
      )}
    </div>
  );
}
