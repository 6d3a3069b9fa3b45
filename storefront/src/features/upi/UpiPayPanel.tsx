import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchOrderStatus, guestOrderQuery, orderStatusQuery } from '@/api/order';
import { walletTxnStatusQuery } from '@/api/wallet';
import { formatRupees } from '@/lib/format';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { anyAppLink, appButtons, payeeOf, sandboxScanLink, type UpiPayment } from './upiPayment';
import './upi.css';
import { useTranslation } from 'react-i18next';

const UpiQrCode = lazy(() => import('./UpiQrCode'));

const POLL_MS = 3000;
/** How long "Processing" shows before the confirmation page. */
const PAID_PAUSE_MS = 1500;
const PHONE = '(max-width: 767px), (hover: none) and (pointer: coarse)';

type Live = 'waiting' | 'opened' | 'paid' | 'ended';

/** The payment's state from the store's own status call, asked again every few seconds. */
function usePaymentState(payment: UpiPayment, polling: boolean): Live {
  const guest = payment.guestMobile;
  const read = guest ? guestOrderQuery(payment.id, guest) : orderStatusQuery(payment.id);
  const order = useQuery({
    queryKey: read.queryKey,
    queryFn: read.queryFn as () => ReturnType<typeof fetchOrderStatus>,
    staleTime: 0,
    enabled: payment.kind === 'order',
    refetchInterval: polling ? POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  const topup = useQuery({
    ...walletTxnStatusQuery(payment.id),
    enabled: payment.kind === 'topup',
    refetchInterval: polling ? POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  if (payment.kind === 'order') {
    const status = order.data?.order.status;
    if (!status || status === 'Created') {
      return order.data?.data?.status === 'scanning' ? 'opened' : 'waiting';
    }
    return status === 'Failed' || status === 'Cancelled' ? 'ended' : 'paid';
  }
  const status = topup.data?.data.status;
  if (!status || status === 'Created') return 'waiting';
  if (status === 'Pending') return 'opened';
  return status === 'Failed' ? 'ended' : 'paid';
}

function useSecondsLeft(expiresAt: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const STATUS_TEXT = {
  waiting: 'upi.waiting',
  opened: 'upi.opened',
  paid: 'upi.paid',
  ended: 'upi.ended',
} as const satisfies Record<Live, string>;

/**
 * Paying by UPI without leaving the store: the UPI app buttons on a phone, a QR code of the UPI
 * link on a wider screen, with the amount, the payee, the time left and the payment's status,
 * which moves on to the confirmation page by itself. The gateway's page stays as a fallback.
 */
export function UpiPayPanel({
  payment,
  onSettled,
}: {
  payment: UpiPayment;
  /** Instead of going to the confirmation page (already there). */
  onSettled?: () => void;
}) {
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE);
  const { t } = useTranslation();
  const secondsLeft = useSecondsLeft(payment.expiresAt);
  const expired = secondsLeft === 0;
  const state = usePaymentState(payment, true);
  const settled = state === 'paid' || state === 'ended';
  const link = anyAppLink(payment.upiIntent);
  const payee = payeeOf(payment.upiIntent);
  const done =
    payment.kind === 'order'
      ? `/confirmation?client_txn_id=${encodeURIComponent(payment.id)}`
      : `/walletconfirmation?client_txn_id=${encodeURIComponent(payment.id)}`;

  useEffect(() => {
    if (!settled) return;
    const timer = window.setTimeout(
      () => (onSettled ? onSettled() : void navigate(done)),
      state === 'paid' ? PAID_PAUSE_MS : 0,
    );
    return () => window.clearTimeout(timer);
  }, [settled, state, done, navigate, onSettled]);

  const payable = !settled && !expired && !!link;
  const scan = sandboxScanLink(payment.upiIntent);

  return (
    <div className="upi-pay" data-payment={payment.id}>
      <dl className="upi-pay-facts">
        <div>
          <dt>{t('upi.amount')}</dt>
          <dd className="upi-pay-amount">{formatRupees(payment.amount)}</dd>
        </div>
        <div>
          <dt>{t('upi.payTo')}</dt>
          <dd>
            {payee.name}
            {payee.vpa && <span className="muted upi-pay-vpa">{payee.vpa}</span>}
          </dd>
        </div>
        {secondsLeft !== null && !settled && (
          <div>
            <dt>{t('upi.timeLeft')}</dt>
            <dd className="upi-pay-timer" role="timer">
              {expired ? t('upi.expired') : clock(secondsLeft)}
            </dd>
          </div>
        )}
      </dl>

      <p className={`upi-pay-status upi-pay-${state}`} role="status" aria-live="polite">
        {state === 'paid' || state === 'ended' ? null : <span className="spinner" />}
        {expired && !settled ? t('upi.paymentExpired') : t(STATUS_TEXT[state])}
      </p>

      {payable && phone && (
        <div className="upi-apps" role="group" aria-label={t('upi.payWithApp')}>
          {appButtons(payment.upiIntent).map((button) => (
            <a
              key={button.app}
              className="upi-app"
              href={button.href}
              {...(button.external ? { target: '_blank', rel: 'noopener' } : {})}
            >
              <img src={button.logo} alt="" width={56} height={24} />
              <span>{button.app === 'any' ? t('upi.anyApp') : button.name}</span>
            </a>
          ))}
        </div>
      )}

      {payable && !phone && link && (
        <figure className="upi-qr" data-upi-link={link}>
          <Suspense fallback={<div className="upi-qr-placeholder" aria-hidden="true" />}>
            <UpiQrCode
              value={link}
              label={t('upi.qrLabel', { amount: formatRupees(payment.amount) })}
            />
          </Suspense>
          <figcaption>{t('upi.scanHint')}</figcaption>
          {scan && (
            <a className="btn btn-ghost btn-sm" href={scan} target="_blank" rel="noopener">
              {t('upi.scanSandbox')}
            </a>
          )}
        </figure>
      )}

      {!settled && (
        <a className="upi-pay-fallback" href={payment.paymentUrl}>
          {t('upi.trouble')}
        </a>
      )}
    </div>
  );
}
