import { Link } from 'react-router';
import { StatusMessage } from '@/components/StatusMessage';
import { useTranslation } from 'react-i18next';

export default function BalanceErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="container page page-narrow">
      <div className="card">
        <StatusMessage
          icon="wallet"
          tone="warning"
          title={t('wallet.insufficientCoins')}
          heading="h1"
        >
          <p className="muted">{t('messages.insufficientBalance')}</p>
          <Link to="/topup" className="btn btn-primary">
            {t('wallet.topUpWallet')}
          </Link>
          <Link to="/home" className="btn btn-ghost">
            {t('wallet.backHome')}
          </Link>
        </StatusMessage>
      </div>
    </div>
  );
}
