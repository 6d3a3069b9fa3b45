import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { GST_STATES } from '@zstore/contract/gst-states';
import { ApiError } from '@/api/client';
import { createGuestOrder } from '@/api/order';
import type { Item } from '@/api/types';
import { Modal } from '@/components/Modal';
import { formatRupees } from '@/lib/format';
import { isDefiniteRefusal, useIntentKey } from '@/lib/useIntentKey';
import { paymentFromAnswer, type UpiPayment } from '@/features/upi/upiPayment';
import { keepGuestContact, lastGuestContact, rememberGuestOrder } from './guestOrders';
import { useTranslation } from 'react-i18next';
import { failureText, serverText } from '@/i18n/errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^[6-9]\d{9}$/;

interface GuestCheckoutSheetProps {
  productId: string;
  item: Item;
  price: number;
  input1: string;
  input2: string;
  onCancel: () => void;
  onLogin: () => void;
  onPayment: (payment: UpiPayment) => void;
}

/**
 * Buying without an account: an e-mail for the receipt and invoice, a mobile to find the order
 * again and the state for the tax invoice, then UPI. Coupons and Z-Coins need an account.
 */
export function GuestCheckoutSheet({
  productId,
  item,
  price,
  input1,
  input2,
  onCancel,
  onLogin,
  onPayment,
}: GuestCheckoutSheetProps) {
  const [contact, setContact] = useState(lastGuestContact);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { keyFor, settle, settleIfDefinite } = useIntentKey();
  const { t } = useTranslation();

  const change = (field: keyof typeof contact) => (value: string) => {
    setProblem(null);
    setContact((current) => ({ ...current, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const email = contact.email.trim();
    const mobile = contact.mobile.trim();
    if (!EMAIL.test(email)) return setProblem(t('messages.invalidEmail'));
    if (!MOBILE.test(mobile)) return setProblem(t('messages.invalidMobile'));
    if (!contact.state) return setProblem(t('messages.invalidState'));
    const order = {
      itemid: item.itemid,
      item_id: item._id,
      product_id: productId,
      input1,
      input2,
      email,
      mobile,
      state: contact.state,
    };
    setSubmitting(true);
    try {
      const answer = await createGuestOrder(order, keyFor(order));
      settle();
      const data = answer.data;
      if (answer.error || !data?.payment_url) {
        setProblem(serverText(answer.error, t('guest.orderFailed')));
        return;
      }
      keepGuestContact({ email, mobile, state: contact.state });
      rememberGuestOrder(data.orderid, mobile);
      onPayment({ ...paymentFromAnswer('order', data.orderid, data, price), guestMobile: mobile });
    } catch (failure) {
      settleIfDefinite(failure);
      if (failure instanceof ApiError && !failure.isNetworkError) {
        const text = failureText(failure, t('guest.orderFailed'));
        setProblem(text);
        if (!isDefiniteRefusal(failure)) toast.error(text);
      } else {
        toast.error(t('guest.somethingWrong'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open
      title={t('guest.title')}
      onClose={onCancel}
      variant="sheet"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('guest.cancel')}
          </button>
          <button
            type="submit"
            form="guest-checkout"
            className="btn btn-primary"
            disabled={submitting}
          >
            {submitting
              ? t('guest.processing')
              : t('guest.payAmount', { amount: formatRupees(price) })}
          </button>
        </>
      }
    >
      <form
        id="guest-checkout"
        className="sheet-stack guest-checkout"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <p className="muted">{t('guest.intro', { item: item.name, player: input1 })}</p>
        <div className="field">
          <label className="field-label" htmlFor="guest-email">
            {t('guest.email')}
          </label>
          <input
            id="guest-email"
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={contact.email}
            onChange={(event) => change('email')(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="guest-mobile">
            {t('guest.mobile')}
          </label>
          <input
            id="guest-mobile"
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            value={contact.mobile}
            onChange={(event) => change('mobile')(event.target.value.replace(/\D/g, ''))}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="guest-state">
            {t('guest.state')}
          </label>
          <select
            id="guest-state"
            className="input"
            value={contact.state}
            onChange={(event) => change('state')(event.target.value)}
          >
            <option value="" disabled>
              {t('guest.chooseState')}
            </option>
            {GST_STATES.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <p className="muted guest-checkout-note">
          {t('guest.couponsNote')}
          <button type="button" className="btn btn-ghost btn-sm" onClick={onLogin}>
            {t('guest.loginInstead')}
          </button>
        </p>
      </form>
    </Modal>
  );
}
