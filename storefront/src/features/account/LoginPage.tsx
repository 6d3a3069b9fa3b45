import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ErrorCode } from '@zstore/contract/error-codes';
import { GOOGLE_SIGN_IN_URL, login } from '@/api/auth';
import { errorCodeOf } from '@/api/client';
import { useSession } from '@/auth/SessionContext';
import { Icon } from '@/components/Icon';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import { AuthCard } from './AuthCard';
import { GoogleIcon } from './GoogleIcon';
import { returnTo } from '@/auth/returnTo';
import type { VerifiedNotice } from './VerificationPage';
import { useTranslation } from 'react-i18next';
import { failureText, serverText } from '@/i18n/errors';

export default function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const verifiedNotice = (useLocation().state as Partial<VerifiedNotice> | null)?.verifiedNotice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { t } = useTranslation();

  const handleFailure = (message: string, code?: string) => {
    if (code === ErrorCode.UserNotFound) {
      toast.warning(message);
      void navigate('/register');
    } else if (code === ErrorCode.EmailNotVerified) {
      toast.info(message);
      void navigate('/checkverification');
    } else {
      setError(message);
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setSubmitting(true);
    try {
      const response = await login(email.trim(), password);
      if (response.token && response.user) {
        signIn(response.token, response.user);
        void navigate(returnTo());
      } else {
        handleFailure(serverText(response.msg ?? response.message, t('account.somethingWrong')));
      }
    } catch (failure) {
      handleFailure(failureText(failure, t('account.somethingWrong')), errorCodeOf(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      icon="login"
      title={t('account.welcomeBack')}
      subtitle={t('account.welcomeSub')}
      footer={
        <>
          {t('account.newHere')}
          <Link to="/register">{t('account.createNewAccount')}</Link>
        </>
      }
    >
      {verifiedNotice && (
        <p className="form-success" role="status">
          {verifiedNotice}
        </p>
      )}
      <form className="stack" onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          label={t('account.email')}
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          required
          placeholder="you@example.com"
        />
        <PasswordField
          label={t('account.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
        />
        <div className="link-row">
          <span />
          <Link to="/forgetpassword">{t('account.forgotPassword')}</Link>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? t('account.signingIn') : t('account.signIn')}
        </button>
      </form>
      <div className="divider">{t('account.or')}</div>
      <div className="stack">
        <Link to="/otplogin" className="btn btn-secondary btn-block">
          <Icon name="phone" size={18} /> {t('account.loginWithOtp')}
        </Link>
        <button
          type="button"
          className="btn google-btn btn-block"
          onClick={() => window.location.assign(GOOGLE_SIGN_IN_URL)}
        >
          <GoogleIcon /> {t('account.signInGoogle')}
        </button>
      </div>
    </AuthCard>
  );
}
