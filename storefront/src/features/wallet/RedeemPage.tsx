import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiError } from '@/api/client';
import { pointsBalanceQuery, redeemPoints } from '@/api/points';
import { useSession } from '@/auth/SessionContext';
import { formatPoints } from '@/lib/format';
import { isDefiniteRefusal, useIntentKey } from '@/lib/useIntentKey';
import { useRefreshAccount } from '@/lib/useRefreshAccount';
import { AmountForm, parseWholeAmount } from './AmountForm';
import './wallet.css';

const REDEEM_FAILED = 'Something went wrong! Please try again.';

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
  const available = points.data ? Number(points.data.balance ?? 0) : null;

  const submit = async () => {
    const amount = parseWholeAmount(value);
    if (amount === null) {
      setError('Please enter a valid points amount');
      return;
    }
    if (available !== null && amount > available) {
      setError(`Insufficient points. You have ${formatPoints(available)} points available.`);
      return;
    }
    setError('');
    setSubmitting(true);
    try {
      const response = await redeemPoints(amount, userid, keyFor({ amount }));
      settle();
      refreshAccount();
      toast.success(response.msg ?? response.message ?? 'Points redeemed successfully.');
      void navigate('/wallet');
    } catch (failure) {
      const text =
        failure instanceof ApiError && !failure.isNetworkError ? failure.message : REDEEM_FAILED;
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
          <h1 className="page-title">Redeem Points</h1>
          <p className="muted">Turn reward points into Z-Coins. 1 point = 1 Z-Coin.</p>
        </div>
        <div className="points-available">
          <span className="muted">Available points</span>
          {points.isPending && <span className="skeleton balance-skeleton" />}
          {!points.data && points.isError && <strong>--</strong>}
          {available !== null && <strong>{formatPoints(available)}</strong>}
        </div>
        <AmountForm
          label="Points to redeem"
          unit="pts"
          value={value}
          onChange={(next) => {
            setValue(next);
            setError('');
          }}
          error={error}
          submitting={submitting}
          submitLabel="Redeem Points"
          submittingLabel="Redeeming..."
          onSubmit={() => void submit()}
        />
        <Link to="/wallet" className="btn btn-ghost btn-block">
          Back to Wallet
        </Link>
      </div>
    </div>
  );
}
