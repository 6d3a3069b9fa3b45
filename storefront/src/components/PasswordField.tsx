import { useId, useState } from 'react';
import { Icon } from './Icon';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  placeholder?: string;
}

export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  required,
  placeholder,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required={required}
          placeholder={placeholder}
        />
        <button
          type="button"
          className="icon-btn input-addon"
          aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((current) => !current)}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      </div>
    </div>
  );
}
