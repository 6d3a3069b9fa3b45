import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ApiError, errorText } from '@/api/client';
import { validateCoupon } from '@/api/coupon';
import type { User } from '@/api/types';
import { Icon } from '@/components/Icon';

export interface AppliedCoupon {
  code: string;
  appliedDiscount: number;
}

interface CouponEntryProps {
  user: User | null;
  itemId: string;
  applied: AppliedCoupon | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
  /** A code the customer applied before a top-up: applied again as the sheet opens. */
  initialCode?: string;
}

const COUPON_FAILED = 'An error occurred';

export function CouponEntry({ user, itemId, applied, onApplied, initialCode }: CouponEntryProps) {
  const [code, setCode] = useState(initialCode ?? '');
  const [checking, setChecking] = useState(false);
  const reapplied = useRef(false);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    return applyCode(code);
  };

  const applyCode = async (entered: string) => {
    if (!user) {
      toast.error('Please login to apply a coupon.');
      return;
    }
    if (user.role === 'reseller') {
      toast.error('Resellers cannot apply coupons.');
      return;
    }
    const trimmed = entered.trim();
    if (!trimmed) {
      toast.error('Please enter a coupon code.');
      return;
    }
    setChecking(true);
    try {
      const result = await validateCoupon(trimmed, itemId);
      if (result.success && !result.error) {
        toast.success(result.message || 'Coupon applied!');
        onApplied({ code: trimmed, appliedDiscount: result.appliedDiscount ?? 0 });
      } else {
        onApplied(null);
        toast.error(result.error || result.message || COUPON_FAILED);
      }
    } catch (failure) {
      onApplied(null);
      toast.error(
        failure instanceof ApiError ? (errorText(failure.body) ?? COUPON_FAILED) : COUPON_FAILED,
      );
    } finally {
      setChecking(false);
    }
  };

  useEffect(() => {
    if (!initialCode || reapplied.current) return;
    reapplied.current = true;
    void applyCode(initialCode);
    // Once, as the sheet opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialCode]);

  if (applied) {
    return (
      <div className="coupon-applied">
        <Icon name="tag" size={18} />
        <span>
          <strong>{applied.code}</strong> applied
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            onApplied(null);
            setCode('');
          }}
        >
          Remove
        </button>
      </div>
    );
  }

  return (
    <form className="coupon-form" onSubmit={(event) => void apply(event)}>
      <input
        className="input"
        value={code}
        onChange={(event) => setCode(event.target.value.toUpperCase())}
        placeholder="Coupon code"
        aria-label="Coupon code"
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={32}
      />
      <button type="submit" className="btn btn-secondary" disabled={checking}>
        {checking ? 'Checking...' : 'Apply'}
      </button>
    </form>
  );
}
