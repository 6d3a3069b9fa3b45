import { useId } from 'react';
import type { Product } from '@/api/types';
import { assetUrl } from '@/lib/assets';
import { GENSHIN_SERVERS, isGenshin, isMlbb, isOtt, needsUsernameCheck } from './productRules';
import { StepCard } from './StepCard';

export interface UsernameCheck {
  status: 'idle' | 'checking' | 'verified' | 'refused';
  text?: string;
}

interface EnterInfoStepProps {
  product: Product;
  input1: string;
  input2: string;
  onInput1Change: (value: string) => void;
  onInput2Change: (value: string) => void;
  usernameCheck: UsernameCheck;
  onCheckUsername: () => void;
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');

export function EnterInfoStep({
  product,
  input1,
  input2,
  onInput1Change,
  onInput2Change,
  usernameCheck,
  onCheckUsername,
}: EnterInfoStepProps) {
  const firstId = useId();
  const secondId = useId();
  const firstLabel = product.inputs[0]?.label || 'User ID';
  const secondLabel = product.inputs[1]?.label || (isGenshin(product) ? 'Server' : 'Zone ID');
  // OTT packs are delivered to an e-mail address, so their first field cannot be numeric.
  const firstIsEmail = isOtt(product);

  return (
    <StepCard step={1} title="Enter Information">
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
            onChange={(event) =>
              onInput1Change(
                firstIsEmail ? event.target.value.trim() : digitsOnly(event.target.value),
              )
            }
            placeholder={`Enter ${firstLabel}`}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={secondId}>
            {secondLabel}
          </label>
          {isGenshin(product) ? (
            <select
              id={secondId}
              className="input"
              value={input2}
              onChange={(event) => onInput2Change(event.target.value)}
            >
              <option value="">Select server</option>
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
              inputMode={isMlbb(product) ? 'numeric' : 'text'}
              value={input2}
              onChange={(event) =>
                onInput2Change(
                  isMlbb(product) ? digitsOnly(event.target.value) : event.target.value,
                )
              }
              placeholder={`Enter ${secondLabel}`}
              autoComplete="off"
              maxLength={64}
            />
          )}
        </div>
      </div>
      {needsUsernameCheck(product) && (
        <div className="username-check">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onCheckUsername}
            disabled={usernameCheck.status === 'checking'}
          >
            {usernameCheck.status === 'checking' ? 'Checking...' : 'Check Username'}
          </button>
          {usernameCheck.text && (
            <p
              className={usernameCheck.status === 'verified' ? 'form-success' : 'form-error'}
              role="status"
            >
              {usernameCheck.text}
            </p>
          )}
        </div>
      )}
      {product.guideImage && (
        <details className="id-guide">
          <summary>Where do I find my {firstLabel}?</summary>
          <img
            src={assetUrl(product.guideImage)}
            alt={`Where to find your ${firstLabel}`}
            loading="lazy"
          />
        </details>
      )}
    </StepCard>
  );
}
