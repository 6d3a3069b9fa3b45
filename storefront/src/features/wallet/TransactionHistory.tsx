import { Link } from 'react-router';
import type { WalletTransaction } from '@/api/types';
import { StatusPill } from '@/components/StatusPill';
import { formatCoins, formatDateTime } from '@/lib/format';
import { i18n } from '@/i18n';
import { useTranslation } from 'react-i18next';

const isIncoming = (txn: WalletTransaction) => txn.type !== 'Debit';

const PURPOSES = {
  topup: 'wallet.purposeTopup',
  order: 'wallet.purposeOrder',
  refund: 'wallet.purposeRefund',
  admin: 'wallet.purposeAdmin',
  redeem: 'wallet.purposeRedeem',
  late_payment: 'wallet.purposeLate',
  compensation: 'wallet.purposeCompensation',
} as const satisfies Record<NonNullable<WalletTransaction['purpose']>, string>;

/** What the movement was, in the customer's words. */
function describe(txn: WalletTransaction): string {
  if (txn.purpose) return i18n.t(PURPOSES[txn.purpose]);
  return i18n.t(
    txn.type === 'Debit'
      ? 'wallet.purposeOrder'
      : txn.type === 'Refunded'
        ? 'wallet.purposeRefund'
        : 'wallet.purposeCredit',
  );
}

function TransactionRow({ txn }: { txn: WalletTransaction }) {
  const incoming = isIncoming(txn);
  const { t } = useTranslation();
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
            {t('wallet.verifyPayment')}
          </Link>
        )}
      </div>
    </li>
  );
}

export function TransactionHistory({ transactions }: { transactions: WalletTransaction[] }) {
  const { t } = useTranslation();
  if (!transactions.length) return <p className="muted txn-empty">{t('wallet.noTransactions')}</p>;
  return (
    <ul className="txn-list">
      {transactions.map((txn) => (
        <TransactionRow key={txn._id ?? txn.txnid} txn={txn} />
      ))}
    </ul>
  );
}
