import { useInfiniteQuery, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { joinPages } from '@/api/paging';
import { Link } from 'react-router';
import { pointsBalanceQuery } from '@/api/points';
import { walletBalanceQuery, walletTransactionsQuery } from '@/api/wallet';
import type { WalletTransaction } from '@/api/types';
import { useSession } from '@/auth/SessionContext';
import { Icon } from '@/components/Icon';
import { StatusMessage } from '@/components/StatusMessage';
import { formatCoins, formatPoints } from '@/lib/format';
import { COIN_FAQS, KnowMoreButton, POINT_FAQS } from './KnowMoreDialog';
import { TransactionHistory } from './TransactionHistory';
import './wallet.css';

function BalanceValue({
  result,
  format,
}: {
  result: UseQueryResult<{ balance: number }>;
  format: (value: number) => string;
}) {
  if (result.isPending) return <span className="skeleton balance-skeleton" />;
  if (!result.data) return <span className="balance-value">--</span>;
  return <span className="balance-value">{format(Number(result.data.balance ?? 0))}</span>;
}

export default function WalletPage() {
  const { user } = useSession();
  const userid = user?.userid ?? 0;
  const coins = useQuery(walletBalanceQuery(userid));
  const points = useQuery(pointsBalanceQuery(userid));
  const transactions = useInfiniteQuery(walletTransactionsQuery(userid));
  const history = useMemo(
    () => joinPages<WalletTransaction>(transactions.data?.pages, (txn) => txn._id ?? txn.txnid),
    [transactions.data],
  );

  return (
    <div className="container page page-medium wallet-page">
      <h1 className="page-title">My Wallet</h1>
      <div className="balance-grid">
        <section className="balance-card balance-coins">
          <div className="row-between">
            <span className="balance-label">
              <Icon name="coins" size={18} /> Z-Coins
            </span>
            <KnowMoreButton title="Z-Coins" faqs={COIN_FAQS} />
          </div>
          <BalanceValue result={coins} format={formatCoins} />
          <span className="balance-hint">1 Z-Coin = ₹1</span>
          <Link to="/topup" className="btn balance-action">
            Top Up Wallet
          </Link>
        </section>
        <section className="balance-card balance-points">
          <div className="row-between">
            <span className="balance-label">
              <Icon name="star" size={18} /> Reward Points
            </span>
            <KnowMoreButton title="Reward Points" faqs={POINT_FAQS} />
          </div>
          <BalanceValue result={points} format={formatPoints} />
          <span className="balance-hint">Earn 1% back on every purchase</span>
          <Link to="/redeem" className="btn balance-action">
            Redeem Points
          </Link>
        </section>
      </div>
      <section className="card">
        <h2 className="section-heading">Transaction History</h2>
        {transactions.isPending && (
          <div className="stack" aria-hidden="true">
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="skeleton txn-skeleton" />
            ))}
          </div>
        )}
        {!transactions.data && transactions.isError && (
          <StatusMessage icon="alert" tone="warning" title="We couldn't load your transactions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void transactions.refetch()}
            >
              Try again
            </button>
          </StatusMessage>
        )}
        {transactions.data && <TransactionHistory transactions={history} />}
        {transactions.isFetchNextPageError && (
          <StatusMessage icon="alert" tone="warning" title="We couldn't load older transactions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void transactions.fetchNextPage()}
            >
              Try again
            </button>
          </StatusMessage>
        )}
        {transactions.hasNextPage && !transactions.isFetchNextPageError && (
          <button
            type="button"
            className="btn btn-secondary txn-more"
            disabled={transactions.isFetchingNextPage}
            onClick={() => void transactions.fetchNextPage()}
          >
            {transactions.isFetchingNextPage ? 'Loading…' : 'Show more transactions'}
          </button>
        )}
      </section>
    </div>
  );
}
