import type { Item } from '@/api/types';
import { assetUrl } from '@/lib/assets';
import { formatRupees } from '@/lib/format';
import { StepCard } from './StepCard';
import { useTranslation } from 'react-i18next';

interface OrderSummaryStepProps {
  item: Item | null;
  price: number | null;
  input1: string;
  input2: string;
  firstLabel: string;
  secondLabel: string;
  username?: string;
  isLoggedIn: boolean;
  processing: boolean;
  fallbackImage: string;
  onProceed: () => void;
  onLogin: () => void;
  /** Signed out: buy by UPI with an e-mail and mobile instead of an account. */
  onGuest: () => void;
}

export function OrderSummaryStep({
  item,
  price,
  input1,
  input2,
  firstLabel,
  secondLabel,
  username,
  isLoggedIn,
  processing,
  fallbackImage,
  onProceed,
  onLogin,
  onGuest,
}: OrderSummaryStepProps) {
  const { t } = useTranslation();
  return (
    <StepCard step={3} title={t('product.orderConfirmation')} className="summary-card">
      {item ? (
        <div className="summary-item">
          <img src={assetUrl(item.imgpath || fallbackImage)} alt="" />
          <div>
            <strong>{item.name}</strong>
            <span className="muted">{formatRupees(price ?? 0)}</span>
          </div>
        </div>
      ) : (
        <p className="muted">{t('product.selectToContinue')}</p>
      )}
      <dl className="summary-list">
        <div>
          <dt>{firstLabel}</dt>
          <dd>{input1 || '-'}</dd>
        </div>
        <div>
          <dt>{secondLabel}</dt>
          <dd>{input2 || '-'}</dd>
        </div>
        {username && (
          <div>
            <dt>{t('product.username')}</dt>
            <dd>{username}</dd>
          </div>
        )}
        <div className="summary-total">
          <dt>{t('product.total')}</dt>
          <dd>{formatRupees(price ?? 0)}</dd>
        </div>
      </dl>
      {isLoggedIn ? (
        <button
          type="button"
          className="btn btn-primary btn-block summary-action"
          onClick={onProceed}
          disabled={processing}
        >
          {processing ? t('product.processing') : t('product.proceedToPayment')}
        </button>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-primary btn-block summary-action"
            onClick={onLogin}
            data-shell-key="summary-login"
          >
            {t('product.loginFirst')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-block guest-buy"
            onClick={onGuest}
            data-shell-key="summary-guest"
          >
            {t('product.buyWithoutAccount')}
          </button>
        </>
      )}
    </StepCard>
  );
}
