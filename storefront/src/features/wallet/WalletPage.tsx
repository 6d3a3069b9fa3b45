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
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();

  return (
    <div className="container page page-medium wallet-page">
      <h1 className="page-title">{t('wallet.myWallet')}</h1>
      <div className="balance-grid">
        <section className="balance-card balance-coins">
          <div className="row-between">
            <span className="balance-label">
              <Icon name="coins" size={18} /> {t('wallet.zcoins')}
            </span>
            <KnowMoreButton title={t('wallet.zcoins')} faqs={COIN_FAQS} />
          </div>
          <BalanceValue result={coins} format={formatCoins} />
          <span className="balance-hint">{t('wallet.coinWorth')}</span>
          <Link to="/topup" className="btn balance-action">
            {t('wallet.topUpTitle')}
          </Link>
        </section>
        <section className="balance-card balance-points">
          <div className="row-between">
            <span className="balance-label">
              <Icon name="star" size={18} /> {t('wallet.rewardPoints')}
            </span>
            <KnowMoreButton title={t('wallet.rewardPoints')} faqs={POINT_FAQS} />
          </div>
          <BalanceValue result={points} format={formatPoints} />
          <span className="balance-hint">{t('wallet.earnBack')}</span>
          <Link to="/redeem" className="btn balance-action">
            {t('wallet.redeemTitle')}
          </Link>
        </section>
      </div>
      <section className="card">
        <h2 className="section-heading">{t('wallet.history')}</h2>
        {transactions.isPending && (
          <div className="stack" aria-hidden="true">
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="skeleton txn-skeleton" />
            ))}
          </div>
        )}
        {!transactions.data && transactions.isError && (
          <StatusMessage icon="alert" tone="warning" title={t('wallet.loadFailed')}>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void transactions.refetch()}
            >
              {t('wallet.tryAgain')}
            </button>
          </StatusMessage>
        )}
        {transactions.data && <TransactionHistory transactions={history} />}
        {transactions.isFetchNextPageError && (
          <StatusMessage icon="alert" tone="warning" title={t('wallet.olderFailed')}>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void transactions.fetchNextPage()}
            >
              {t('wallet.tryAgain')}
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
            {transactions.isFetchingNextPage ? t('wallet.loadingShort') : t('wallet.showMore')}
          </button>
        )}
      </section>
    </div>
  );
}
