import { Link } from 'react-router';
import { Messages } from '@zstore/contract/messages';
import { StatusMessage } from '@/components/StatusMessage';

export default function BalanceErrorPage() {
  return (
    <div className="container page page-narrow">
      <div className="card">
        <StatusMessage icon="wallet" tone="warning" title="Insufficient Z-Coins" heading="h1">
          <p className="muted">{Messages.insufficientBalance}</p>
          <Link to="/topup" className="btn btn-primary">
            Top-Up Wallet
          </Link>
          <Link to="/home" className="btn btn-ghost">
            Back to Home
          </Link>
        </StatusMessage>
      </div>
    </div>
  );
}
