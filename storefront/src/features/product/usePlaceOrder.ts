import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ErrorCode } from '@zstore/contract/error-codes';
import { ApiError } from '@/api/client';
import { createUpiOrder, createWalletOrder, type OrderRequest } from '@/api/order';
import type { PaymentMode } from '@/api/types';
import { useSignOut } from '@/auth/useSignOut';
import { isDefiniteRefusal, useIntentKey } from '@/lib/useIntentKey';
import { useRefreshAccount } from '@/lib/useRefreshAccount';
import { paymentFromAnswer, type UpiPayment } from '@/features/upi/upiPayment';
import { i18n } from '@/i18n';
import { failureText, serverText } from '@/i18n/errors';

const SESSION_EXPIRED_DELAY_MS = 3000;

/**
 * `paying`: a UPI payment to make (handed to `onUpiPayment`); `unknown`: the answer was lost or
 * the store failed; Confirm again retries the same order.
 */
export type PlaceOrderOutcome = 'redirected' | 'paying' | 'refused' | 'unknown';

/**
 * Creates the order and hands its UPI payment to the checkout, or sends the browser on to the
 * result page. Pressing Confirm again after a lost answer retries the same order: it is placed
 * and paid once (the same gateway payment comes back).
 */
export function usePlaceOrder(onUpiPayment: (payment: UpiPayment) => void) {
  const navigate = useNavigate();
  const { keyFor, settle, settleIfDefinite } = useIntentKey();
  const signOutTo = useSignOut();
  const refreshAccount = useRefreshAccount();
  const [submitting, setSubmitting] = useState(false);
  const expiryTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(expiryTimer.current), []);

  const goTo = useCallback(
    (url: string) => {
      if (url.startsWith('/')) void navigate(url);
      else window.location.assign(url);
    },
    [navigate],
  );

  const handleError = useCallback(
    (message: string, code?: string) => {
      if (code === ErrorCode.TokenExpired) {
        toast.warning(i18n.t('messages.sessionExpiredToast'));
        expiryTimer.current = window.setTimeout(
          () => signOutTo('/login'),
          SESSION_EXPIRED_DELAY_MS,
        );
      } else if (code === ErrorCode.InsufficientBalance) {
        void navigate('/balanceerror');
      } else {
        toast.error(message, { autoClose: 3000 });
      }
    },
    [navigate, signOutTo],
  );

  const placeOrder = useCallback(
    async (order: OrderRequest, mode: PaymentMode): Promise<PlaceOrderOutcome> => {
      setSubmitting(true);
      const idempotencyKey = keyFor({ order, mode });
      try {
        if (mode === 'upi') {
          const response = await createUpiOrder(order, idempotencyKey);
          const data = response.data;
          settle();
          if (!response.error && data?.payment_url) {
            // Nothing left to pay: the answer is the confirmation page.
            if (data.payment_url.startsWith('/')) {
              goTo(data.payment_url);
              return 'redirected';
            }
            onUpiPayment(paymentFromAnswer('order', data.orderid, data, 0));
            return 'paying';
          }
          handleError(serverText(response.error, i18n.t('product.orderFailed')));
        } else {
          const response = await createWalletOrder(order, idempotencyKey);
          settle();
          if (response.redirect_url) {
            goTo(response.redirect_url);
            return 'redirected';
          }
          handleError(serverText(response.msg, i18n.t('product.orderFailed')));
        }
      } catch (failure) {
        settleIfDefinite(failure);
        if (failure instanceof ApiError && !failure.isNetworkError) {
          handleError(failureText(failure, i18n.t('product.orderFailed')), failure.code);
          if (isDefiniteRefusal(failure)) return 'refused';
        } else {
          const detail = failure instanceof Error ? ` (${failure.message})` : '';
          toast.error(`${i18n.t('product.somethingWrong')}${detail}`);
        }
        return 'unknown';
      } finally {
        setSubmitting(false);
        // Whatever the answer, the attempt may have debited the wallet or added an order.
        refreshAccount();
      }
      return 'refused';
    },
    [goTo, handleError, keyFor, onUpiPayment, refreshAccount, settle, settleIfDefinite],
  );

  return { placeOrder, submitting };
}
