import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorCodeOf, errorText } from '@/api/client';
import { resetPassword } from '@/api/password';
import type { MessageResponse } from '@/api/types';
import { PasswordField } from '@/components/PasswordField';
import { AuthCard } from './AuthCard';
import { useTranslation } from 'react-i18next';
import { failureText, serverText } from '@/i18n/errors';

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
  const { t } = useTranslation();

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setOutcome(null);
    try {
      const response = await resetPassword(id, token, password);
      const text =
        response.code === LINK_BROKEN_CODE
          ? serverText(response.msg ?? response.message, t('messages.linkCorrupted'))
          : serverText(response.msg ?? response.message, t('messages.passwordResetDone'));
      if (response.code === LINK_BROKEN_CODE) {
        setOutcome({ text, failed: true, linkBroken: true });
        return;
      }
      setOutcome({ text, failed: false });
      redirectTimer.current = window.setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS);
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as MessageResponse) : undefined;
      const english = errorText(body);
      setOutcome({
        text:
          english && failure instanceof ApiError
            ? failureText(failure, english)
            : t('account.anErrorOccurred'),
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
      title={t('account.newPasswordTitle')}
      subtitle={t('account.newPasswordSub')}
      footer={<Link to="/login">{t('account.backToLogin')}</Link>}
    >
      <form className="stack" onSubmit={(event) => void handleSubmit(event)}>
        <PasswordField
          label={t('account.newPassword')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          placeholder={t('account.passwordPlaceholder')}
        />
        {outcome && (
          <p className={outcome.failed ? 'form-error' : 'form-success'} role="alert">
            {outcome.text}
          </p>
        )}
        {linkIsBroken && (
          <Link to="/forgetpassword" className="btn btn-secondary btn-block">
            {t('account.regenerate')}
          </Link>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? t('account.submitting') : t('account.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
