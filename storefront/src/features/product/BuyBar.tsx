import type { Item } from '@/api/types';
import { formatRupees } from '@/lib/format';
import { useTranslation } from 'react-i18next';

interface BuyBarProps {
  item: Item | null;
  price: number | null;
  isLoggedIn: boolean;
  processing: boolean;
  onProceed: () => void;
  onLogin: () => void;
  onGuest: () => void;
}

/** Phones: the pack, its total and the buy button stay at the bottom of the screen. */
export function BuyBar({
  item,
  price,
  isLoggedIn,
  processing,
  onProceed,
  onLogin,
  onGuest,
}: BuyBarProps) {
  const { t } = useTranslation();
  return (
    <section className="buy-bar" aria-label={t('product.yourOrder')}>
      <div className="buy-bar-total">
        <span className="muted buy-bar-item">{item?.name ?? t('product.selectPack')}</span>
        <strong>{formatRupees(price ?? 0)}</strong>
      </div>
      {isLoggedIn ? (
        <button type="button" className="btn btn-primary" onClick={onProceed} disabled={processing}>
          {processing ? t('product.processing') : t('product.proceedToPayment')}
        </button>
      ) : (
        <div className="buy-bar-actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={onGuest}
            data-shell-key="bar-guest"
          >
            {t('product.buyAsGuest')}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={onLogin}
            data-shell-key="bar-login"
          >
            {t('product.loginFirst')}
          </button>
        </div>
      )}
    </section>
  );
}
