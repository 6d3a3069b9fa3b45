import { useId } from 'react';
import type { Product } from '@/api/types';
import { assetUrl } from '@/lib/assets';
import {
  cleanInput,
  EMAIL_MAX_LENGTH,
  firstInputValid,
  GENSHIN_SERVERS,
  SECOND_INPUT_MAX_LENGTH,
} from '@zstore/contract/order-inputs';
import { fieldHint, fieldPlaceholder, inputFields, needsUsernameCheck } from './productRules';
import { StepCard } from './StepCard';
import { useTranslation } from 'react-i18next';

export interface UsernameCheck {
  status: 'idle' | 'checking' | 'verified' | 'refused';
  text?: string;
  /** The supplier's words in plain English, shown beside them. */
  explanation?: string;
  /** The player's in-game name, once checked. */
  username?: string;
}

interface EnterInfoStepProps {
  product: Product;
  input1: string;
  input2: string;
  onInput1Change: (value: string) => void;
  onInput2Change: (value: string) => void;
  /** The customer reached a player field: what they enter from here on is theirs alone. */
  onPlayerFocus: () => void;
  usernameCheck: UsernameCheck;
  onCheckUsername: () => void;
}

export function EnterInfoStep({
  product,
  input1,
  input2,
  onInput1Change,
  onInput2Change,
  onPlayerFocus,
  usernameCheck,
  onCheckUsername,
}: EnterInfoStepProps) {
  const firstId = useId();
  const secondId = useId();
  const { t } = useTranslation();
  const { first, second } = inputFields(product);
  const firstLabel = first.label;
  const secondLabel = second.label;
  const firstIsEmail = first.kind === 'email';
  const firstInvalid = firstIsEmail && input1 !== '' && !firstInputValid(product, input1);

  return (
    <StepCard step={1} title={t('product.enterInformation')}>
      <div className="info-fields">
        <div className="field">
          <label className="field-label" htmlFor={firstId}>
            {firstLabel}
          </label>
          <input
            id={firstId}
            className="input"
            type={firstIsEmail ? 'email' : 'text'}
            inputMode={firstIsEmail ? 'email' : 'numeric'}
            value={input1}
            onChange={(event) => onInput1Change(cleanInput(first.kind, event.target.value))}
            onFocus={onPlayerFocus}
            data-shell-key="player-1"
            placeholder={fieldPlaceholder(first)}
            autoComplete={firstIsEmail ? 'email' : 'off'}
            maxLength={firstIsEmail ? EMAIL_MAX_LENGTH : 12}
            aria-invalid={firstInvalid || undefined}
            aria-describedby={firstInvalid ? `${firstId}-error` : `${firstId}-hint`}
          />
          {!firstInvalid && (
            <p id={`${firstId}-hint`} className="field-hint muted">
              {fieldHint(first)}
            </p>
          )}
          {firstInvalid && (
            <p id={`${firstId}-error`} className="form-error">
              {t('messages.invalidEmail')}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={secondId}>
            {secondLabel}
          </label>
          {second.kind === 'server' ? (
            <select
              id={secondId}
              className="input"
              value={input2}
              onChange={(event) => onInput2Change(event.target.value)}
              onFocus={onPlayerFocus}
              data-shell-key="player-2"
              aria-describedby={`${secondId}-hint`}
            >
              <option value="">{t('product.selectServer')}</option>
              {GENSHIN_SERVERS.map((server) => (
                <option key={server} value={server}>
                  {server}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={secondId}
              className="input"
              inputMode={second.kind === 'zone' ? 'numeric' : 'text'}
              value={input2}
              onChange={(event) => onInput2Change(cleanInput(second.kind, event.target.value))}
              onFocus={onPlayerFocus}
              data-shell-key="player-2"
              placeholder={fieldPlaceholder(second)}
              autoComplete="off"
              maxLength={second.kind === 'zone' ? 5 : SECOND_INPUT_MAX_LENGTH}
              aria-describedby={`${secondId}-hint`}
            />
          )}
          <p id={`${secondId}-hint`} className="field-hint muted">
            {fieldHint(second)}
          </p>
        </div>
      </div>
      {needsUsernameCheck(product) && (
        <div className="username-check">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onCheckUsername}
            data-shell-key="check-username"
            disabled={usernameCheck.status === 'checking'}
          >
            {usernameCheck.status === 'checking'
              ? t('product.checking')
              : t('product.checkUsername')}
          </button>
          {usernameCheck.text && (
            <p
              className={usernameCheck.status === 'verified' ? 'form-success' : 'form-error'}
              role="status"
            >
              {usernameCheck.text}
            </p>
          )}
          {usernameCheck.explanation && <p className="muted">{usernameCheck.explanation}</p>}
        </div>
      )}
      {product.guideImage && (
        <details className="id-guide" data-shell-key="id-guide">
          <summary>{t('product.whereFind', { label: firstLabel })}</summary>
          <img
            src={assetUrl(product.guideImage)}
            alt={t('product.whereFindAlt', { label: firstLabel })}
            loading="lazy"
          />
        </details>
      )}
    </StepCard>
  );
}
