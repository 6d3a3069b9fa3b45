import { useState } from 'react';
import { toast } from '@/lib/toast';
import { startWalletTopUp } from '@/api/wallet';
import { useIntentKey } from '@/lib/useIntentKey';
import { paymentFromAnswer, type UpiPayment } from '@/features/upi/upiPayment';
import { keepPurchaseForTopUp } from './purchaseDraft';
import { i18n } from '@/i18n';
import { failureText } from '@/i18n/errors';

/**
 * A UPI top-up of the Z-Coins an order is missing. The order waits in this tab: the wallet's
 * confirmation page leads back to it with the pack, player and coupon as they were.
 */
export function useTopUpForOrder() {
  const [starting, setStarting] = useState(false);
  const [payment, setPayment] = useState<UpiPayment | null>(null);
  const { keyFor, settle, settleIfDefinite } = useIntentKey();

  const start = async (amount: number, userid: number, backToOrder: string) => {
    setStarting(true);
    try {
      const response = await startWalletTopUp(amount, userid, keyFor({ amount, backToOrder }));
      settle();
      const data = response.data;
      if (data?.payment_url) {
        keepPurchaseForTopUp(backToOrder);
        setPayment(paymentFromAnswer('topup', data.txnid, data, amount));
        setStarting(false);
        return;
      }
      toast.error(i18n.t('product.somethingWrong'));
    } catch (failure) {
      settleIfDefinite(failure);
      toast.error(failureText(failure, i18n.t('product.somethingWrong')));
    }
    setStarting(false);
  };

  return { start, starting, payment, close: () => setPayment(null) };
}
