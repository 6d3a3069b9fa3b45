import { Link } from 'react-router';
import type { WalletTransaction } from '@/api/types';
import { StatusPill } from '@/components/StatusPill';
import { formatCoins, formatDateTime } from '@/lib/format';

const isIncoming = (txn: WalletTransaction) => txn.type !== 'Debit';

const PURPOSES: Record<NonNullable<WalletTransaction['purpose']>, string> = {
  topup: 'Wallet top-up',
  order: 'Order payment',
  refund: 'Refund',
  admin: 'Admin credit',
  redeem: 'Points redeemed',
  late_payment: 'Late UPI payment returned',
  compensation: 'Delivery promise missed',
};

/** What the movement was, in the customer's words. */
function describe(txn: WalletTransaction): string {
  if (txn.purpose) return PURPOSES[txn.purpose];
  return txn.type === 'Debit' ? 'Order payment' : txn.type === 'Refunded' ? 'Refund' : 'Credit';
}

function TransactionRow({ txn }: { txn: WalletTransaction }) {
  const incoming = isIncoming(txn);
  return (
    <li className="txn-row">
      <div className="txn-main">
        <strong>{describe(txn)}</strong>
        <span className="muted mono">{txn.txnid}</span>
        <span className="muted">{formatDateTime(txn.createdAt)}</span>
      </div>
      <div className="txn-side">
        <span className={`txn-amount ${incoming ? 'is-in' : 'is-out'}`}>
          {incoming ? '+' : '-'}
          {formatCoins(Number(txn.amount))}
        </span>
        <StatusPill status={txn.status} />
        {txn.status === 'Created' && (
          <Link
            to={`/walletconfirmation?client_txn_id=${encodeURIComponent(txn.txnid)}`}
            className="txn-verify"
          >
            Verify Payment
          </Link>
        )}
      </div>
    </li>
  );
}

export function TransactionHistory({ transactions }: { transactions: WalletTransaction[] }) {
  if (!transactions.length) return <p className="muted txn-empty">No transactions found</p>;
  return (
    <ul className="txn-list">
      {transactions.map((txn) => (
        <TransactionRow key={txn._id ?? txn.txnid} txn={txn} />
      ))}
    </ul>
  );
}
