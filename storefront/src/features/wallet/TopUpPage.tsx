import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { startWalletTopUp } from '@/api/wallet';
import { useSession } from '@/auth/SessionContext';
import { useIntentKey } from '@/lib/useIntentKey';
import { UpiPaySheet } from '@/features/upi/UpiPaySheet';
import { paymentFromAnswer, type UpiPayment } from '@/features/upi/upiPayment';
import { AmountForm, parseWholeAmount } from './AmountForm';
import './wallet.css';
import { failureText } from '@/i18n/errors';
import { useTranslation } from 'react-i18next';

export default function TopUpPage() {
  const { user } = useSession();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [payment, setPayment] = useState<UpiPayment | null>(null);
  const { keyFor, settle, settleIfDefinite } = useIntentKey();
  const { t } = useTranslation();

  const submit = async () => {
    const amount = parseWholeAmount(value);
    if (amount === null) {
      setError(t('messages.invalidAmount'));
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
      toast.error(t('wallet.somethingWrong'));
    } catch (failure) {
      settleIfDefinite(failure);
      toast.error(failureText(failure, t('wallet.somethingWrong')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="container page page-narrow">
      <div className="card stack">
        <div>
          <h1 className="page-title">{t('wallet.topUpTitle')}</h1>
          <p className="muted">{t('wallet.topUpLead')}</p>
        </div>
        <AmountForm
          label={t('wallet.amountRupees')}
          unit="₹"
          value={value}
          onChange={(next) => {
            setValue(next);
            setError('');
          }}
          error={error}
          submitting={submitting}
          submitLabel={t('wallet.proceedToPay')}
          submittingLabel={t('wallet.processing')}
          onSubmit={() => void submit()}
        />
        <Link to="/wallet" className="btn btn-ghost btn-block">
          {t('wallet.backToWallet')}
        </Link>
      </div>
      {payment && <UpiPaySheet payment={payment} onClose={() => setPayment(null)} />}
    </div>
  );
}
