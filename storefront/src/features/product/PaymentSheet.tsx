import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Item, PaymentMode, User } from '@/api/types';
import { walletBalanceQuery } from '@/api/wallet';
import { changeWhatsAppChoice, whatsAppChoiceQuery } from '@/api/whatsapp';
import { Modal } from '@/components/Modal';
import { formatCoins, formatRupees, rupeesShort } from '@/lib/format';
import { CouponEntry, type AppliedCoupon } from './CouponEntry';
import { couponTotals } from './productRules';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();

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
      ? t('product.balance', { amount: formatCoins(balanceValue) })
      : balance.isPending
        ? t('product.balanceLoading')
        : t('product.balanceUnavailable');

  return (
    <Modal
      open
      title={t('product.selectPayment')}
      onClose={busy ? () => undefined : onCancel}
      variant="sheet"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            {t('product.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!mode || busy || missing > 0}
            onClick={() => mode && void confirm(mode)}
          >
            {busy ? t('product.processing') : t('product.confirmOrder')}
          </button>
        </>
      }
    >
      <div className="sheet-stack">
        <dl className="summary-list">
          <div>
            <dt>{t('product.item')}</dt>
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
          <h3 className="sheet-heading">{t('product.haveCoupon')}</h3>
          <CouponEntry
            user={user}
            itemId={item._id}
            applied={coupon}
            onApplied={setCoupon}
            initialCode={resumed?.coupon}
          />
        </div>

        <div role="radiogroup" aria-label={t('product.paymentMethod')} className="pay-options">
          <h3 className="sheet-heading">{t('product.paymentMethod')}</h3>
          <PaymentOption
            selected={mode === 'upi'}
            onSelect={() => setMode('upi')}
            logo="/images/pay-upi.svg"
            title={t('product.upiPayment')}
            subtitle={t('product.instantTransfer')}
          />
          <PaymentOption
            selected={mode === 'wallet'}
            onSelect={() => setMode('wallet')}
            logo="/images/pay-zcoins.svg"
            title={t('product.zcoins')}
            subtitle={balanceText}
          />
          {missing > 0 && (
            <div className="short-of-coins">
              <p className="form-error">{t('product.lowBalance')}</p>
              <p className="muted">
                {t('product.addMissing', {
                  missing: rupeesShort(missing),
                  total: formatRupees(total),
                })}
              </p>
              <div className="short-of-coins-actions">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  disabled={submitting}
                  onClick={() => onTopUp(missing, coupon?.code ?? '')}
                >
                  {t('product.topUpAndPay', { missing: rupeesShort(missing) })}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={submitting}
                  onClick={() => setMode('upi')}
                >
                  {t('product.payByUpi')}
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
                <strong>{t('product.whatsAppUpdates')}</strong>
              </label>
              <span id="whatsapp-consent-text" className="muted" lang="en" data-server-text>
                {whatsApp.data!.consentText}
              </span>
            </span>
          </div>
        )}
        {whatsApp.data?.optedIn && <p className="muted whatsapp-on">{t('product.whatsAppOn')}</p>}

        <dl className="summary-list price-summary">
          <div>
            <dt>{t('product.price')}</dt>
            <dd>{formatRupees(price)}</dd>
          </div>
          {coupon && (
            <div className="discount-row">
              <dt>{t('product.couponDiscount')}</dt>
              <dd>-{formatRupees(discount)}</dd>
            </div>
          )}
          <div className="summary-total">
            <dt>{t('product.total')}</dt>
            <dd>{formatRupees(total)}</dd>
          </div>
        </dl>
      </div>
    </Modal>
  );
}
