import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { pointsBalanceQuery, redeemPoints } from '@/api/points';
import { useSession } from '@/auth/SessionContext';
import { formatPoints } from '@/lib/format';
import { isDefiniteRefusal, useIntentKey } from '@/lib/useIntentKey';
import { useRefreshAccount } from '@/lib/useRefreshAccount';
import { AmountForm, parseWholeAmount } from './AmountForm';
import './wallet.css';
import { failureText, serverText } from '@/i18n/errors';
import { useTranslation } from 'react-i18next';

export default function RedeemPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const userid = user?.userid ?? 0;
  const points = useQuery(pointsBalanceQuery(userid));
  const refreshAccount = useRefreshAccount();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { keyFor, settle } = useIntentKey();
  const { t } = useTranslation();
  const available = points.data ? Number(points.data.balance ?? 0) : null;

  const submit = async () => {
    const amount = parseWholeAmount(value);
    if (amount === null) {
      setError(t('messages.invalidPointsAmount'));
      return;
    }
    if (available !== null && amount > available) {
      setError(t('wallet.insufficientPoints', { points: formatPoints(available) }));
      return;
    }
    setError('');
    setSubmitting(true);
    try {
      const response = await redeemPoints(amount, userid, keyFor({ amount }));
      settle();
      refreshAccount();
      toast.success(serverText(response.msg ?? response.message, t('messages.pointsRedeemed')));
      void navigate('/wallet');
    } catch (failure) {
      const text = failureText(failure, t('wallet.somethingWrong'));
      setError(text);
      // After a lost answer the balance may already be lower; pressing again must still retry.
      if (isDefiniteRefusal(failure)) {
        settle();
        refreshAccount();
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="container page page-narrow">
      <div className="card stack">
        <div>
          <h1 className="page-title">{t('wallet.redeemTitle')}</h1>
          <p className="muted">{t('wallet.redeemLead')}</p>
        </div>
        <div className="points-available">
          <span className="muted">{t('wallet.availablePoints')}</span>
          {points.isPending && <span className="skeleton balance-skeleton" />}
          {!points.data && points.isError && <strong>--</strong>}
          {available !== null && <strong>{formatPoints(available)}</strong>}
        </div>
        <AmountForm
          label={t('wallet.pointsToRedeem')}
          unit={t('wallet.pts')}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError('');
          }}
          error={error}
          submitting={submitting}
          submitLabel={t('wallet.redeemTitle')}
          submittingLabel={t('wallet.redeeming')}
          onSubmit={() => void submit()}
        />
        <Link to="/wallet" className="btn btn-ghost btn-block">
          {t('wallet.backToWallet')}
        </Link>
      </div>
    </div>
  );
}
