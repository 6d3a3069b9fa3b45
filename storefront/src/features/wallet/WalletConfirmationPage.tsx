import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { fetchWalletTxnStatus } from '@/api/wallet';
import { Icon, type IconName } from '@/components/Icon';
import { formatCoins, todayInIndia } from '@/lib/format';
import { usePolling } from '@/lib/usePolling';
import './wallet.css';

const REFRESH_MS = 5000;

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
  const waiting = txn.status === 'Pending' || txn.status === 'Processing';
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

export default function WalletConfirmationPage() {
  const [searchParams] = useSearchParams();
  const clientTxnId = searchParams.get('client_txn_id') ?? '';
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [checking, setChecking] = useState(false);

  const load = useCallback(async () => {
    if (!clientTxnId) {
      setState({ status: 'error', message: 'This link has no transaction reference.' });
      return;
    }
    setChecking(true);
    try {
      const response = await fetchWalletTxnStatus(clientTxnId, todayInIndia());
      if (response.data) setState({ status: 'ready', txn: response.data });
      else setState({ status: 'error', message: 'Transaction not found.' });
    } catch (failure) {
      setState((current) =>
        current.status === 'ready'
          ? current
          : {
              status: 'error',
              message:
                failure instanceof ApiError && !failure.isNetworkError
                  ? failure.message
                  : 'Please check your connection and try again.',
            },
      );
    } finally {
      setChecking(false);
    }
  }, [clientTxnId]);

  useEffect(() => {
    void load();
  }, [load]);

  const waiting = state.status === 'ready' && ['Pending', 'Processing'].includes(state.txn.status);
  usePolling(() => void load(), REFRESH_MS, waiting);

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
        <TxnOutcome txn={state.txn} checking={checking} onVerify={() => void load()} />
      )}
    </div>
  );
}
