import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Messages } from '@zstore/contract/messages';
import { ApiError } from '@/api/client';
import { createUpiOrder, createWalletOrder, type OrderRequest } from '@/api/order';
import type { PaymentMode } from '@/api/types';
import { useSignOut } from '@/auth/useSignOut';
import { isDefiniteRefusal, useIntentKey } from '@/lib/useIntentKey';
import { useRefreshAccount } from '@/lib/useRefreshAccount';

const NETWORK_ERROR = 'Something went wrong! Please try again.';
const SESSION_EXPIRED_DELAY_MS = 3000;
const ORDER_FAILED = 'Could not create the order. Please try again.';

/** `unknown`: the answer was lost or the store failed; Confirm again retries the same order. */
export type PlaceOrderOutcome = 'redirected' | 'refused' | 'unknown';

/**
 * Creates the order and sends the browser on to payment or to the result page. Pressing
 * Confirm again after a lost answer retries the same order: it is placed and paid once.
 */
export function usePlaceOrder() {
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
    (message: string) => {
      if (message === Messages.tokenExpired) {
        toast.warning(Messages.sessionExpiredToast);
        expiryTimer.current = window.setTimeout(
          () => signOutTo('/login'),
          SESSION_EXPIRED_DELAY_MS,
        );
      } else if (message === Messages.insufficientBalance) {
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
          const paymentUrl = response.data?.payment_url;
          settle();
          if (!response.error && paymentUrl) {
            window.location.assign(paymentUrl);
            return 'redirected';
          }
          handleError(response.error ?? ORDER_FAILED);
        } else {
          const response = await createWalletOrder(order, idempotencyKey);
          settle();
          if (response.redirect_url) {
            goTo(response.redirect_url);
            return 'redirected';
          }
          handleError(response.msg ?? ORDER_FAILED);
        }
      } catch (failure) {
        settleIfDefinite(failure);
        if (failure instanceof ApiError && !failure.isNetworkError) {
          handleError(failure.message);
          if (isDefiniteRefusal(failure)) return 'refused';
        } else {
          const detail = failure instanceof Error ? ` (${failure.message})` : '';
          toast.error(`${NETWORK_ERROR}${detail}`);
        }
        return 'unknown';
      } finally {
        setSubmitting(false);
        // Whatever the answer, the attempt may have debited the wallet or added an order.
        refreshAccount();
      }
      return 'refused';
    },
    [goTo, handleError, keyFor, refreshAccount, settle, settleIfDefinite],
  );

  return { placeOrder, submitting };
}
