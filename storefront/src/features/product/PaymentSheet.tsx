import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Item, PaymentMode, User } from '@/api/types';
import { walletBalanceQuery } from '@/api/wallet';
import { changeWhatsAppChoice, whatsAppChoiceQuery } from '@/api/whatsapp';
import { Modal } from '@/components/Modal';
import { formatCoins, formatRupees } from '@/lib/format';
import { CouponEntry, type AppliedCoupon } from './CouponEntry';
import { couponTotals } from './productRules';

interface PaymentSheetProps {
  user: User;
  item: Item;
  price: number;
  input1: string;
  input2: string;
  firstLabel: string;
  secondLabel: string;
  submitting: boolean;
  onCancel: () => void;
  onConfirm: (mode: PaymentMode, couponCode: string) => void;
  /** Tops the wallet up by the amount missing, then comes back to this order. */
  onTopUp: (amount: number, couponCode: string) => void;
  /** Reopened after a top-up: the coupon applied again and Z-Coins chosen. */
  resumed?: { coupon?: string; payWithCoins?: boolean };
}

function PaymentOption({
  selected,
  onSelect,
  logo,
  title,
  subtitle,
}: {
  selected: boolean;
  onSelect: () => void;
  logo: string;
  title: string;
  subtitle: string;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={`pay-option${selected ? ' is-selected' : ''}`}
      onClick={onSelect}
    >
      <img src={logo} alt="" width={56} height={24} />
      <span className="pay-option-text">
        <strong>{title}</strong>
        <span className="muted">{subtitle}</span>
      </span>
      <span className="radio-dot" aria-hidden="true" />
    </button>
  );
}

/** Step 4. Mounted only while open, so every opening starts without a method or coupon. */
export function PaymentSheet({
  user,
  item,
  price,
  input1,
  input2,
  firstLabel,
  secondLabel,
  submitting,
  onCancel,
  onConfirm,
  onTopUp,
  resumed,
}: PaymentSheetProps) {
  const [mode, setMode] = useState<PaymentMode | null>(resumed?.payWithCoins ? 'wallet' : null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const userid = user.userid;
  const balance = useQuery(walletBalanceQuery(userid));
  const queryClient = useQueryClient();
  const whatsApp = useQuery(whatsAppChoiceQuery(userid));
  const offerWhatsApp =
    whatsApp.data?.available === true && !whatsApp.data.optedIn && !!whatsApp.data.mobilenumber;
  const [whatsAppTicked, setWhatsAppTicked] = useState(false);
  const [savingChoice, setSavingChoice] = useState(false);
  const busy = submitting || savingChoice;

  /** Records the opt-in first, so the order's own news already goes to WhatsApp. */
  const confirm = async (chosen: PaymentMode) => {
    if (offerWhatsApp && whatsAppTicked) {
      setSavingChoice(true);
      try {
        queryClient.setQueryData(
          whatsAppChoiceQuery(userid).queryKey,
          await changeWhatsAppChoice(true, 'checkout'),
        );
      } catch {
        // The order goes ahead; the customer can turn WhatsApp on in the profile.
      } finally {
        setSavingChoice(false);
      }
    }
    onConfirm(chosen, coupon?.code ?? '');
  };
  const balanceValue = balance.data ? Number(balance.data.balance ?? 0) : null;

  const { discount, total } = coupon
    ? couponTotals(price, coupon.appliedDiscount)
    : { discount: 0, total: price };

  // Whole rupees: a top-up is a whole amount, and a little over covers a balance with paise.
  const missing =
    mode === 'wallet' && balanceValue !== null && balanceValue < total
      ? Math.ceil(total - balanceValue)
      : 0;

  const balanceText =
    balanceValue !== null
      ? `Balance: ${formatCoins(balanceValue)} Z-Coins`
      : balance.isPending
        ? 'Balance: loading...'
        : 'Balance unavailable';

  return (
    <Modal
      open
      title="Select Payment"
      onClose={busy ? () => undefined : onCancel}
      variant="sheet"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!mode || busy || missing > 0}
            onClick={() => mode && void confirm(mode)}
          >
            {busy ? 'Processing...' : 'Confirm Order'}
          </button>
        </>
      }
    >
      <div className="sheet-stack">
        <dl className="summary-list">
          <div>
            <dt>Item</dt>
            <dd>{item.name}</dd>
          </div>
          <div>
            <dt>{firstLabel}</dt>
            <dd>{input1}</dd>
          </div>
          <div>
            <dt>{secondLabel}</dt>
            <dd>{input2}</dd>
          </div>
        </dl>

        <div>
          <h3 className="sheet-heading">Have a coupon?</h3>
          <CouponEntry
            user={user}
            itemId={item._id}
            applied={coupon}
            onApplied={setCoupon}
            initialCode={resumed?.coupon}
          />
        </div>

        <div role="radiogroup" aria-label="Payment method" className="pay-options">
          <h3 className="sheet-heading">Payment method</h3>
          <PaymentOption
            selected={mode === 'upi'}
            onSelect={() => setMode('upi')}
            logo="/images/pay-upi.svg"
            title="UPI Payment"
            subtitle="Instant Transfer"
          />
          <PaymentOption
            selected={mode === 'wallet'}
            onSelect={() => setMode('wallet')}
            logo="/images/pay-zcoins.svg"
            title="Z-Coins"
            subtitle={balanceText}
          />
          {missing > 0 && (
            <div className="short-of-coins">
              <p className="form-error">Your Z-Coins balance is lower than the total.</p>
              <p className="muted">
                Add ₹{missing.toLocaleString('en-IN')} by UPI and come back to this order, or pay
                the whole {formatRupees(total)} by UPI.
              </p>
              <div className="short-of-coins-actions">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  disabled={submitting}
                  onClick={() => onTopUp(missing, coupon?.code ?? '')}
                >
                  {`Top up ₹${missing.toLocaleString('en-IN')} and pay`}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={submitting}
                  onClick={() => setMode('upi')}
                >
                  Pay by UPI instead
                </button>
              </div>
            </div>
          )}
        </div>

        {offerWhatsApp && (
          <div className="whatsapp-optin">
            <input
              id="whatsapp-optin"
              type="checkbox"
              checked={whatsAppTicked}
              onChange={(event) => setWhatsAppTicked(event.target.checked)}
              disabled={busy}
              aria-describedby="whatsapp-consent-text"
            />
            <span>
              <label htmlFor="whatsapp-optin">
                <strong>Get order updates on WhatsApp</strong>
              </label>
              <span id="whatsapp-consent-text" className="muted">
                {whatsApp.data!.consentText}
              </span>
            </span>
          </div>
        )}
        {whatsApp.data?.optedIn && (
          <p className="muted whatsapp-on">Order updates also go to your WhatsApp.</p>
        )}

        <dl className="summary-list price-summary">
          <div>
            <dt>Price</dt>
            <dd>{formatRupees(price)}</dd>
          </div>
          {coupon && (
            <div className="discount-row">
              <dt>Coupon discount</dt>
              <dd>-{formatRupees(discount)}</dd>
            </div>
          )}
          <div className="summary-total">
            <dt>Total</dt>
            <dd>{formatRupees(total)}</dd>
          </div>
        </dl>
      </div>
    </Modal>
  );
}
