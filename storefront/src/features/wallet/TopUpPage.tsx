import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ApiError } from '@/api/client';
import { startWalletTopUp } from '@/api/wallet';
import { useSession } from '@/auth/SessionContext';
import { useIntentKey } from '@/lib/useIntentKey';
import { UpiPaySheet } from '@/features/upi/UpiPaySheet';
import { paymentFromAnswer, type UpiPayment } from '@/features/upi/upiPayment';
import { AmountForm, parseWholeAmount } from './AmountForm';
import './wallet.css';

const TOPUP_FAILED = 'Something went wrong! Please try again.';

export default function TopUpPage() {
  const { user } = useSession();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [payment, setPayment] = useState<UpiPayment | null>(null);
  const { keyFor, settle, settleIfDefinite } = useIntentKey();

  const submit = async () => {
    const amount = parseWholeAmount(value);
    if (amount === null) {
      setError('Please enter a valid amount');
      return;
    }
    if (!user) return;
    setError('');
    setSubmitting(true);
    try {
      const response = await startWalletTopUp(amount, user.userid, keyFor({ amount }));
      settle();
      const data = response.data;
      if (data?.payment_url) {
        setPayment(paymentFromAnswer('topup', data.txnid, data, amount));
        return;
      }
      toast.error(TOPUP_FAILED);
    } catch (failure) {
      settleIfDefinite(failure);
      toast.error(
        failure instanceof ApiError && !failure.isNetworkError ? failure.message : TOPUP_FAILED,
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="container page page-narrow">
      <div className="card stack">
        <div>
          <h1 className="page-title">Top Up Wallet</h1>
          <p className="muted">Add Z-Coins by UPI. 1 Z-Coin = ₹1, usable on every product.</p>
        </div>
        <AmountForm
          label="Amount (₹)"
          unit="₹"
          value={value}
          onChange={(next) => {
            setValue(next);
            setError('');
          }}
          error={error}
          submitting={submitting}
          submitLabel="Proceed to Pay"
          submittingLabel="Processing..."
          onSubmit={() => void submit()}
        />
        <Link to="/wallet" className="btn btn-ghost btn-block">
          Back to Wallet
        </Link>
      </div>
      {payment && <UpiPaySheet payment={payment} onClose={() => setPayment(null)} />}
    </div>
  );
}
