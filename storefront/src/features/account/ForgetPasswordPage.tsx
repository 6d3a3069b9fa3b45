import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { requestPasswordReset } from '@/api/password';
import { TextField } from '@/components/TextField';
import { AuthCard } from './AuthCard';
import { FormMessage, useTimedMessage } from './FormMessage';
import { useTranslation } from 'react-i18next';
import { failureText, serverText } from '@/i18n/errors';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function ForgetPasswordPage() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const { message, show } = useTimedMessage(5000);
  const { t } = useTranslation();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!EMAIL_PATTERN.test(trimmed)) {
      show(t('messages.invalidEmail'), 'error');
      return;
    }
    setSending(true);
    try {
      const response = await requestPasswordReset(trimmed);
      show(serverText(response.msg ?? response.message, t('messages.resetLinkSent')), 'success');
    } catch (failure) {
      show(failureText(failure, t('account.anErrorOccurred')), 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      icon="mail"
      title={t('account.forgotTitle')}
      subtitle={t('account.forgotSub')}
      footer={
        <div className="link-row">
          <Link to="/login">{t('account.backToLogin')}</Link>
          <Link to="/register">{t('account.createNewAccount')}</Link>
        </div>
      }
    >
      <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label={t('account.email')}
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          placeholder="you@example.com"
        />
        <FormMessage message={message} />
        <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
          {sending ? t('account.sending') : t('account.resetPassword')}
        </button>
      </form>
    </AuthCard>
  );
}
