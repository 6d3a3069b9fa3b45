import type { Item } from '@/api/types';
import { assetUrl } from '@/lib/assets';
import { formatRupees } from '@/lib/format';
import { StepCard } from './StepCard';

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
  return (
    <StepCard step={3} title="Order Confirmation" className="summary-card">
      {item ? (
        <div className="summary-item">
          <img src={assetUrl(item.imgpath || fallbackImage)} alt="" />
          <div>
            <strong>{item.name}</strong>
            <span className="muted">{formatRupees(price ?? 0)}</span>
          </div>
        </div>
      ) : (
        <p className="muted">Select a pack to continue.</p>
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
            <dt>Username</dt>
            <dd>{username}</dd>
          </div>
        )}
        <div className="summary-total">
          <dt>Total</dt>
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
          {processing ? 'Processing...' : 'Proceed to Payment'}
        </button>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-primary btn-block summary-action"
            onClick={onLogin}
          >
            Please Login First
          </button>
          <button type="button" className="btn btn-secondary btn-block guest-buy" onClick={onGuest}>
            Buy without an account
          </button>
        </>
      )}
    </StepCard>
  );
}
