import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ApiError, errorText } from '@/api/client';
import { validateCoupon } from '@/api/coupon';
import type { User } from '@/api/types';
import { Icon } from '@/components/Icon';
import { useTranslation } from 'react-i18next';
import { failureText, serverText } from '@/i18n/errors';

/**
 * A catalogue text with its `<b>…</b>` parts in bold, as React text (escaped). The product page
 * does without `Trans`, whose chunk alone would take its first load past the budget.
 */
function inBold(text: string) {
  return text
    .split(/<b>(.*?)<\/b>/)
    .map((part, index) => (index % 2 === 1 ? <strong key={index}>{part}</strong> : part));
}

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

export function CouponEntry({ user, itemId, applied, onApplied, initialCode }: CouponEntryProps) {
  const [code, setCode] = useState(initialCode ?? '');
  const [checking, setChecking] = useState(false);
  const reapplied = useRef(false);
  const { t } = useTranslation();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    return applyCode(code);
  };

  const applyCode = async (entered: string) => {
    if (!user) {
      toast.error(t('messages.couponLoginRequired'));
      return;
    }
    if (user.role === 'reseller') {
      toast.error(t('messages.couponResellers'));
      return;
    }
    const trimmed = entered.trim();
    if (!trimmed) {
      toast.error(t('messages.couponEnterCode'));
      return;
    }
    setChecking(true);
    try {
      const result = await validateCoupon(trimmed, itemId);
      if (result.success && !result.error) {
        toast.success(serverText(result.message, t('messages.couponApplied')));
        onApplied({ code: trimmed, appliedDiscount: result.appliedDiscount ?? 0 });
      } else {
        onApplied(null);
        toast.error(serverText(result.error || result.message, t('errors.COUPON_INVALID')));
      }
    } catch (failure) {
      onApplied(null);
      toast.error(
        failure instanceof ApiError && errorText(failure.body)
          ? failureText(failure, t('product.couponError'))
          : t('product.couponError'),
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
        <span>{inBold(t('product.couponApplied', { code: applied.code }))}</span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            onApplied(null);
            setCode('');
          }}
        >
          {t('product.remove')}
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
        placeholder={t('product.couponCode')}
        aria-label={t('product.couponCode')}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={32}
      />
      <button type="submit" className="btn btn-secondary" disabled={checking}>
        {checking ? t('product.checking') : t('product.apply')}
      </button>
    </form>
  );
}
