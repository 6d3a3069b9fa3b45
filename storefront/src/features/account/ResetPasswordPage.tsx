import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Messages } from '@zstore/contract/messages';
import { ApiError, errorCodeOf, errorText } from '@/api/client';
import { resetPassword } from '@/api/password';
import type { MessageResponse } from '@/api/types';
import { PasswordField } from '@/components/PasswordField';
import { AuthCard } from './AuthCard';

const REQUEST_FAILED = 'An error occurred. Please try again.';
const REDIRECT_DELAY_MS = 2000;

interface Outcome {
  text: string;
  failed: boolean;
  /** The link itself is bad (the answer's code '1'): a new one must be asked for. */
  linkBroken?: boolean;
}

/** The reset answer's code for a link that is corrupted or spent. */
const LINK_BROKEN_CODE = '1';

export default function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setOutcome(null);
    try {
      const response = await resetPassword(id, token, password);
      const text = response.msg ?? response.message ?? Messages.passwordResetDone;
      if (response.code === LINK_BROKEN_CODE) {
        setOutcome({ text, failed: true, linkBroken: true });
        return;
      }
      setOutcome({ text, failed: false });
      redirectTimer.current = window.setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS);
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as MessageResponse) : undefined;
      setOutcome({
        text: errorText(body) ?? REQUEST_FAILED,
        failed: true,
        linkBroken: errorCodeOf(failure) === LINK_BROKEN_CODE,
      });
    } finally {
      setSubmitting(false);
    }
  };

  const linkIsBroken = outcome?.linkBroken === true;

  return (
    <AuthCard
      icon="shieldCheck"
      title="Set a New Password"
      subtitle="Choose a strong password you have not used here before."
      footer={<Link to="/login">Back to Login</Link>}
    >
      <form className="stack" onSubmit={(event) => void handleSubmit(event)}>
        <PasswordField
          label="New Password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          placeholder="At least 8 characters"
        />
        {outcome && (
          <p className={outcome.failed ? 'form-error' : 'form-success'} role="alert">
            {outcome.text}
          </p>
        )}
        {linkIsBroken && (
          <Link to="/forgetpassword" className="btn btn-secondary btn-block">
            Regenerate Link
          </Link>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit'}
        </button>
      </form>
    </AuthCard>
  );
}
