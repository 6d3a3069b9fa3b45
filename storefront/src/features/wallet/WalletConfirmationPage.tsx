import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { walletTxnStatusQuery } from '@/api/wallet';
import { Icon, type IconName } from '@/components/Icon';
import { forgetPurchaseAfterTopUp, purchaseAfterTopUp } from '@/features/product/purchaseDraft';
import { formatCoins } from '@/lib/format';
import { useRefreshAccount } from '@/lib/useRefreshAccount';
import './wallet.css';
import { i18n } from '@/i18n';
import { failureText } from '@/i18n/errors';
import { StatusWord } from '@/components/StatusPill';
import { useTranslation } from 'react-i18next';

const REFRESH_MS = 5000;
const WAITING_STATUSES = ['Pending', 'Processing'];

const isWaiting = (status: string | undefined) => !!status && WAITING_STATUSES.includes(status);
/** Still open: the gateway's answer may land after the customer is back, so the page asks again. */
const isOpen = (status: string | undefined) => status === 'Created' || isWaiting(status);

type TitleKey =
  | 'wallet.topupSuccess'
  | 'wallet.paymentPending'
  | 'wallet.paymentProcessing'
  | 'wallet.paymentFailed'
  | 'wallet.awaitingPayment';

interface TxnResult {
  txnid: string;
  status: string;
  amount: number;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; txn: TxnResult }
  | { status: 'error'; message: string };

const LOOK: Record<string, { tone: string; icon: IconName; title: TitleKey }> = {
  Success: { tone: 'success', icon: 'checkCircle', title: 'wallet.topupSuccess' },
  Pending: { tone: 'warning', icon: 'clock', title: 'wallet.paymentPending' },
  Processing: { tone: 'warning', icon: 'clock', title: 'wallet.paymentProcessing' },
  Failed: { tone: 'danger', icon: 'xCircle', title: 'wallet.paymentFailed' },
  Created: { tone: 'info', icon: 'info', title: 'wallet.awaitingPayment' },
};

function TxnOutcome({
  txn,
  checking,
  onVerify,
}: {
  txn: TxnResult;
  checking: boolean;
  onVerify: () => void;
}) {
  const look = LOOK[txn.status] ?? LOOK.Failed;
  const waiting = isWaiting(txn.status);
  const { t } = useTranslation();
  return (
    <div className={`card txn-result txn-${look.tone}`}>
      <div className="txn-result-icon">
        {waiting ? <span className="spinner" /> : <Icon name={look.icon} size={34} />}
      </div>
      <h1 className="notice-title">{t(look.title)}</h1>
      {waiting && <p className="muted">{t('messages.transactionPending')}</p>}
      {txn.status === 'Success' && (
        <p className="muted">
          {t('wallet.coinsAdded', { amount: formatCoins(Number(txn.amount)) })}
        </p>
      )}
      {txn.status === 'Failed' && <p className="muted">{t('wallet.noMoneyAdded')}</p>}
      <dl className="detail-list txn-facts">
        <div>
          <dt>{t('wallet.transactionId')}</dt>
          <dd>{txn.txnid}</dd>
        </div>
        <div>
          <dt>{t('wallet.status')}</dt>
          <dd className="txn-status">
            <StatusWord status={txn.status} />
          </dd>
        </div>
        <div>
          <dt>{t('wallet.amount')}</dt>
          <dd>₹{formatCoins(Number(txn.amount))}</dd>
        </div>
      </dl>
      <BackToOrder status={txn.status} />
      {txn.status === 'Created' && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={onVerify}
          disabled={checking}
        >
          {checking ? t('wallet.checking') : t('wallet.verifyPayment')}
        </button>
      )}
      <div className="action-pair">
        <Link to="/home" className="btn btn-secondary">
          {t('wallet.returnHome')}
        </Link>
        <Link to="/wallet" className="btn btn-primary">
          {t('wallet.goToWallet')}
        </Link>
      </div>
    </div>
  );
}

/** A top-up started from the payment sheet leads back to the order that was waiting for it. */
function BackToOrder({ status }: { status: string }) {
  const order = purchaseAfterTopUp();
  const { t } = useTranslation();
  if (!order || isWaiting(status) || status === 'Created') return null;
  return (
    <Link
      to={order}
      className={`btn btn-block ${status === 'Success' ? 'btn-primary' : 'btn-secondary'}`}
      onClick={forgetPurchaseAfterTopUp}
    >
      {status === 'Success' ? t('wallet.continueOrder') : t('wallet.backToOrder')}
    </Link>
  );
}

/** A failed check after the result was shown keeps it on screen; the next check may succeed. */
function loadState(
  clientTxnId: string,
  answer: { data?: TxnResult } | undefined,
  failure: unknown,
): LoadState {
  if (!clientTxnId) return { status: 'error', message: i18n.t('wallet.noReference') };
  if (answer?.data) return { status: 'ready', txn: answer.data };
  if (answer) return { status: 'error', message: i18n.t('wallet.txnNotFound') };
  if (failure) {
    return {
      status: 'error',
      message: failureText(failure, i18n.t('wallet.checkConnection')),
    };
  }
  return { status: 'loading' };
}

export default function WalletConfirmationPage() {
  const [searchParams] = useSearchParams();
  const clientTxnId = searchParams.get('client_txn_id') ?? '';
  const refreshAccount = useRefreshAccount();
  // Checked again every few seconds while the payment is open or pending.
  const lookup = useQuery({
    ...walletTxnStatusQuery(clientTxnId),
    enabled: !!clientTxnId,
    refetchInterval: (query) => (isOpen(query.state.data?.data?.status) ? REFRESH_MS : false),
  });
  const state = loadState(clientTxnId, lookup.data, lookup.error);
  const shownStatus = state.status === 'ready' ? state.txn.status : null;
  const { t } = useTranslation();

  // A new answer on the top-up (settled, or paid after Verify): the wallet shows it.
  useEffect(() => {
    if (shownStatus && !isWaiting(shownStatus)) refreshAccount();
  }, [shownStatus, refreshAccount]);

  return (
    <div className="container page page-narrow">
      {state.status === 'loading' && (
        <div className="card notice">
          <span className="spinner" />
          <h1 className="notice-title">{t('wallet.checkingPayment')}</h1>
          <p className="muted">{t('wallet.doNotRefresh')}</p>
        </div>
      )}
      {state.status === 'error' && (
        <div className="card notice">
          <span className="notice-icon">
            <Icon name="alert" size={30} />
          </span>
          <h1 className="notice-title">{t('wallet.couldNotCheck')}</h1>
          <p className="muted">{state.message}</p>
          <Link to="/wallet" className="btn btn-primary">
            {t('wallet.goToWallet')}
          </Link>
        </div>
      )}
      {state.status === 'ready' && (
        <TxnOutcome
          txn={state.txn}
          checking={lookup.isFetching}
          onVerify={() => void lookup.refetch()}
        />
      )}
    </div>
  );
}
