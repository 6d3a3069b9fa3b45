import type { Item } from '@/api/types';
import { formatRupees } from '@/lib/format';

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
  return (
    <section className="buy-bar" aria-label="Your order">
      <div className="buy-bar-total">
        <span className="muted buy-bar-item">{item?.name ?? 'Select a pack'}</span>
        <strong>{formatRupees(price ?? 0)}</strong>
      </div>
      {isLoggedIn ? (
        <button type="button" className="btn btn-primary" onClick={onProceed} disabled={processing}>
          {processing ? 'Processing...' : 'Proceed to Payment'}
        </button>
      ) : (
        <div className="buy-bar-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={onGuest}>
            Buy as guest
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={onLogin}>
            Please Login First
          </button>
        </div>
      )}
    </section>
  );
}
