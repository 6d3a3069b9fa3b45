import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { walletTxnStatusQuery } from '@/api/wallet';
import { Icon, type IconName } from '@/components/Icon';
import { forgetPurchaseAfterTopUp, purchaseAfterTopUp } from '@/features/product/purchaseDraft';
import { formatCoins } from '@/lib/format';
import { useRefreshAccount } from '@/lib/useRefreshAccount';
import './wallet.css';

const REFRESH_MS = 5000;
const WAITING_STATUSES = ['Pending', 'Processing'];

const isWaiting = (status: string | undefined) => !!status && WAITING_STATUSES.includes(status);
/** Still open: the gateway's answer may land after the customer is back, so the page asks again. */
const isOpen = (status: string | undefined) => status === 'Created' || isWaiting(status);

interface TxnResult {
  txnid: string;
  status: string;
  amount: number;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; txn: TxnResult }
  | { status: 'error'; message: string };

const LOOK: Record<string, { tone: string; icon: IconName; title: string }> = {
  Success: { tone: 'success', icon: 'checkCircle', title: 'Top-up successful' },
  Pending: { tone: 'warning', icon: 'clock', title: 'Payment pending' },
  Processing: { tone: 'warning', icon: 'clock', title: 'Payment processing' },
  Failed: { tone: 'danger', icon: 'xCircle', title: 'Payment failed' },
  Created: { tone: 'info', icon: 'info', title: 'Awaiting payment' },
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
  return (
    <div className={`card txn-result txn-${look.tone}`}>
      <div className="txn-result-icon">
        {waiting ? <span className="spinner" /> : <Icon name={look.icon} size={34} />}
      </div>
      <h1 className="notice-title">{look.title}</h1>
      {waiting && (
        <p className="muted">Your transaction is being processed. This may take a few moments.</p>
      )}
      {txn.status === 'Success' && (
        <p className="muted">
          {formatCoins(Number(txn.amount))} Z-Coins have been added to your wallet.
        </p>
      )}
      {txn.status === 'Failed' && (
        <p className="muted">No money was added. If your bank debited you, it will be reversed.</p>
      )}
      <dl className="detail-list txn-facts">
        <div>
          <dt>Transaction ID</dt>
          <dd>{txn.txnid}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className="txn-status">{txn.status}</dd>
        </div>
        <div>
          <dt>Amount</dt>
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
          {checking ? 'Checking...' : 'Verify Payment'}
        </button>
      )}
      <div className="action-pair">
        <Link to="/home" className="btn btn-secondary">
          Return Home
        </Link>
        <Link to="/wallet" className="btn btn-primary">
          Go to Wallet
        </Link>
      </div>
    </div>
  );
}

/** A top-up started from the payment sheet leads back to the order that was waiting for it. */
function BackToOrder({ status }: { status: string }) {
  const order = purchaseAfterTopUp();
  if (!order || isWaiting(status) || status === 'Created') return null;
  return (
    <Link
      to={order}
      className={`btn btn-block ${status === 'Success' ? 'btn-primary' : 'btn-secondary'}`}
      onClick={forgetPurchaseAfterTopUp}
    >
      {status === 'Success' ? 'Continue your order' : 'Back to your order'}
    </Link>
  );
}

/** A failed check after the result was shown keeps it on screen; the next check may succeed. */
function loadState(
  clientTxnId: string,
  answer: { data?: TxnResult } | undefined,
  failure: unknown,
): LoadState {
  if (!clientTxnId) return { status: 'error', message: 'This link has no transaction reference.' };
  if (answer?.data) return { status: 'ready', txn: answer.data };
  if (answer) return { status: 'error', message: 'Transaction not found.' };
  if (failure) {
    return {
      status: 'error',
      message:
        failure instanceof ApiError && !failure.isNetworkError
          ? failure.message
          : 'Please check your connection and try again.',
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

  // A new answer on the top-up (settled, or paid after Verify): the wallet shows it.
  useEffect(() => {
    if (shownStatus && !isWaiting(shownStatus)) refreshAccount();
  }, [shownStatus, refreshAccount]);

  return (
    <div className="container page page-narrow">
      {state.status === 'loading' && (
        <div className="card notice">
          <span className="spinner" />
          <h1 className="notice-title">Checking your payment</h1>
          <p className="muted">Please do not refresh or close this page.</p>
        </div>
      )}
      {state.status === 'error' && (
        <div className="card notice">
          <span className="notice-icon">
            <Icon name="alert" size={30} />
          </span>
          <h1 className="notice-title">We couldn&apos;t check this payment</h1>
          <p className="muted">{state.message}</p>
          <Link to="/wallet" className="btn btn-primary">
            Go to Wallet
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
