import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const QUICK_AMOUNTS = [50, 100, 250, 500];

interface AmountFormProps {
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  error: string;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: () => void;
  children?: ReactNode;
}

export function AmountForm({
  label,
  unit,
  value,
  onChange,
  error,
  submitting,
  submitLabel,
  submittingLabel,
  onSubmit,
  children,
}: AmountFormProps) {
  const id = useId();
  const { t } = useTranslation();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <div className="amount-input">
          <span aria-hidden="true">{unit}</span>
          <input
            id={id}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder="0"
          />
        </div>
      </div>
      <div className="quick-amounts" role="group" aria-label={t('wallet.quickAmounts')}>
        {QUICK_AMOUNTS.map((amount) => (
          <button
            key={amount}
            type="button"
            className={`chip${value === String(amount) ? ' is-active' : ''}`}
            onClick={() => onChange(String(amount))}
          >
            {amount}
          </button>
        ))}
      </div>
      {children}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        {submitting ? submittingLabel : submitLabel}
      </button>
    </form>
  );
}

/** A whole number above zero, or null. */
export function parseWholeAmount(value: string): number | null {
  const amount = Number(value);
  return value.trim() && Number.isInteger(amount) && amount > 0 ? amount : null;
}
