import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface OtpInputProps {
  length: number;
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
}

/** Single-digit boxes that advance on input, go back on backspace and accept a pasted code. */
export function OtpInput({ length, digits, onChange, disabled }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const { t } = useTranslation();
  const focusBox = (index: number) =>
    boxes.current[Math.max(0, Math.min(index, length - 1))]?.focus();

  const setDigit = (index: number, rawValue: string) => {
    const typed = rawValue.replace(/\D/g, '');
    if (typed.length > 1) {
      fillFrom(index, typed);
      return;
    }
    const next = [...digits];
    next[index] = typed;
    onChange(next);
    if (typed) focusBox(index + 1);
  };

  const fillFrom = (start: number, code: string) => {
    const next = [...digits];
    for (let offset = 0; offset < code.length && start + offset < length; offset += 1) {
      next[start + offset] = code[offset];
    }
    onChange(next);
    focusBox(start + code.length);
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!pasted) return;
    event.preventDefault();
    fillFrom(index, pasted.slice(0, length - index));
  };

  return (
    <div className="otp-boxes" role="group" aria-label={t('account.oneTimeCode')}>
      {Array.from({ length }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="otp-box"
          value={digits[index] ?? ''}
          onChange={(event) => setDigit(index, event.target.value)}
          onKeyDown={handleKeyDown(index)}
          onPaste={handlePaste(index)}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={index === 0 ? length : 1}
          aria-label={t('account.digitN', { n: index + 1 })}
          disabled={disabled}
          autoFocus={index === 0}
        />
      ))}
    </div>
  );
}
